import { getFormProps } from "@conform-to/react";
import { FormattedMessage } from "react-intl";
import { Form, Link, redirect, useActionData, useNavigation } from "react-router";
import { register } from "../../../../core/auth/confirmation.ts";
import { registerSchema } from "../../../../core/auth/auth-schemas.ts";
import { AuthCard } from "../../../components/shell/auth-card.tsx";
import { EmailField, SubmitButton, TextField } from "../../../components/shell/auth-fields.tsx";
import { CheckboxField } from "../../../components/ui/form-field.tsx";
import { FormError } from "../../../components/ui/form-error.tsx";
import { servicesContext } from "../../../lib/context.ts";
import { readForm, runForm } from "../../../lib/form-action.server.ts";
import { resultFor, succeeded, useAppForm } from "../../../lib/forms.ts";
import { useErrorText, useT } from "../../../lib/i18n.tsx";
import { studioSessionContext } from "../../../lib/studio-session.server.ts";
import { AuthSwitchLink } from "./auth-switch-link.tsx";
import type { Route } from "./+types/register.ts";
import { titleFrom } from "../../../lib/page-title.ts";

const LEGAL_LINK = "font-medium text-primary-800 underline dark:text-primary-300";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: titleFrom(matches, "auth.register.title", "Create an account") }];
}

export async function loader({ context }: Route.LoaderArgs) {
  if (context.get(studioSessionContext)) throw redirect("/studio");
  return null;
}

/** Name, address and terms: the password is chosen at the end of the confirmation link. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const form = await readForm(request);
  // The same answer for a new address, one waiting for confirmation and an existing account.
  return runForm(null, form, registerSchema, (value) =>
    register(services, { name: value.name, email: value.email, headers: request.headers }),
  );
}

export default function Register() {
  const t = useT();
  const errorText = useErrorText();
  const actionData = useActionData<typeof action>();
  const pending = useNavigation().state === "submitting";
  const lastResult = resultFor(actionData, null);
  const [form, fields] = useAppForm({ schema: registerSchema, id: "register", lastResult });
  if (succeeded(actionData, null)) {
    const email = String(lastResult?.initialValue?.email ?? "");
    return (
      <AuthCard title={t("auth.register.checkInbox")}>
        <p role="status">{t("auth.register.sent", { email })}</p>
        <Form method="post" action="/studio/user/login" className="text-sm">
          <input type="hidden" name="intent" value="resend" />
          <input type="hidden" name="email" value={email} />
          {t("auth.register.noMail")}{" "}
          <button type="submit" className="font-medium text-primary-800 underline dark:text-primary-300">
            {t("auth.login.resend")}
          </button>
        </Form>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t("auth.register.title")} description={t("auth.register.description")}>
      <FormError>{errorText(form.errors)}</FormError>
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <TextField field={fields.name} label="auth.field.name" autoComplete="name" />
        <EmailField field={fields.email} />
        <CheckboxField field={fields.terms} label={t("auth.register.terms")} />
        <p className="text-sm text-slate-600 dark:text-slate-400">
          <FormattedMessage
            id="auth.register.readLegal"
            values={{
              terms: (
                <Link to="/terms" target="_blank" className={LEGAL_LINK}>
                  {t("auth.register.termsLink")}
                </Link>
              ),
              privacy: (
                <Link to="/privacy" target="_blank" className={LEGAL_LINK}>
                  {t("auth.register.privacyLink")}
                </Link>
              ),
            }}
          />
        </p>
        <SubmitButton pending={pending}>{t("auth.register.submit")}</SubmitButton>
      </Form>
      <AuthSwitchLink prompt={t("auth.register.haveAccount")} to="/studio/user/login">
        {t("auth.register.signIn")}
      </AuthSwitchLink>
    </AuthCard>
  );
}
