// The profile's account sections: the name, the e-mail address (a change is confirmed by mail) and the password.
import { KeyRound, Mail, UserRound } from "lucide-react";
import { useMemo } from "react";
import { useActionData } from "react-router";
import {
  emailChangeFormSchema,
  nameFormSchema,
  passwordChangeFormSchema,
} from "../../../../core/account/account-schemas.ts";
import { PASSWORD_MIN_LENGTH } from "../../../../core/auth/password-rule.ts";
import { Badge } from "../../../components/ui/badge.tsx";
import { CheckboxField, InputField } from "../../../components/ui/form-field.tsx";
import { isActionResult, resultFor, useAppForm } from "../../../lib/forms.ts";
import { useT } from "../../../lib/i18n.tsx";
import type { EmailChangePayload } from "./profile.server.ts";
import { iconClass, Section, SectionForm } from "./profile-section.tsx";

export function NameSection({ name, displayName }: { name: string; displayName: string }) {
  const t = useT();
  const [form, fields] = useAppForm({
    schema: nameFormSchema,
    id: "profile-name",
    lastResult: resultFor(useActionData(), "name"),
    defaultValue: { name, displayName },
  });
  return (
    <Section
      icon={<UserRound aria-hidden="true" className={iconClass} />}
      title={t("studio.profile.name.title")}
      description={t("studio.profile.name.description")}
    >
      <SectionForm
        form={form}
        intent="name"
        label={t("studio.profile.name.title")}
        submit={t("studio.profile.name.submit")}
      >
        <InputField field={fields.name} label={t("studio.profile.name.name")} required autoComplete="name" />
        <InputField
          field={fields.displayName}
          label={t("studio.profile.name.displayName")}
          hint={t("studio.profile.name.displayNameHint")}
          autoComplete="nickname"
        />
      </SectionForm>
    </Section>
  );
}

export function EmailSection({ email, verified }: { email: string; verified: boolean }) {
  const t = useT();
  const actionData = useActionData();
  const schema = useMemo(() => emailChangeFormSchema(email), [email]);
  const lastResult = resultFor(actionData, "email");
  const [form, fields] = useAppForm({ schema, id: "profile-email", lastResult });
  const sent =
    lastResult?.status === "success" && isActionResult(actionData)
      ? (actionData.payload as EmailChangePayload | undefined)
      : undefined;
  return (
    <Section
      icon={<Mail aria-hidden="true" className={iconClass} />}
      title={t("studio.profile.email.title")}
      description={t("studio.profile.email.description")}
    >
      <div className="mb-4 flex flex-wrap items-center gap-2 text-sm">
        <span className="text-slate-600 dark:text-slate-400">{t("studio.profile.email.current")}</span>
        <span className="font-medium break-all" data-testid="current-email">
          {email}
        </span>
        {verified ? <Badge tone="primary">{t("studio.profile.email.confirmed")}</Badge> : null}
      </div>
      {sent ? (
        <p
          role="status"
          className="mb-4 rounded-md bg-primary-50 p-3 text-sm text-primary-900 dark:bg-primary-950 dark:text-primary-100"
        >
          {t("studio.profile.email.sent", { current: sent.current, email: sent.requested })}
        </p>
      ) : null}
      <SectionForm
        form={form}
        intent="email"
        label={t("studio.profile.email.title")}
        submit={t("studio.profile.email.submit")}
      >
        <InputField
          field={fields.newEmail}
          type="email"
          label={t("studio.profile.email.new")}
          required
          autoComplete="email"
        />
      </SectionForm>
    </Section>
  );
}

export function PasswordSection({ email }: { email: string }) {
  const t = useT();
  const schema = useMemo(() => passwordChangeFormSchema(email), [email]);
  const [form, fields] = useAppForm({
    schema,
    id: "profile-password",
    lastResult: resultFor(useActionData(), "password"),
  });
  return (
    <Section
      icon={<KeyRound aria-hidden="true" className={iconClass} />}
      title={t("studio.profile.password.title")}
      description={t("studio.profile.password.description")}
    >
      <SectionForm
        form={form}
        intent="password"
        label={t("studio.profile.password.title")}
        submit={t("studio.profile.password.submit")}
        // For password managers: whose password this is.
        hidden={<input type="text" name="username" autoComplete="username" value={email} readOnly hidden />}
      >
        <InputField
          field={fields.currentPassword}
          type="password"
          label={t("studio.profile.password.current")}
          required
          autoComplete="current-password"
        />
        <InputField
          field={fields.newPassword}
          type="password"
          label={t("auth.field.newPassword")}
          hint={t("auth.password.rule", { min: PASSWORD_MIN_LENGTH })}
          required
          autoComplete="new-password"
        />
        <InputField
          field={fields.confirmPassword}
          type="password"
          label={t("auth.field.confirmPassword")}
          required
          autoComplete="new-password"
        />
        {/* Unchecked (the default) signs out every other session once the password has changed. */}
        <CheckboxField
          field={fields.keepOtherSessions}
          label={t("studio.profile.password.keepOtherSessions")}
          hint={t("studio.profile.password.keepOtherSessionsHint")}
        />
      </SectionForm>
    </Section>
  );
}
