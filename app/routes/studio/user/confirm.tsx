import { getFormProps } from "@conform-to/react";
import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { confirmEmail, getConfirmation } from "../../../../core/auth/confirmation.ts";
import {
  acceptInvitationSchema,
  choosePasswordSchema,
  emailOnlySchema,
} from "../../../../core/auth/auth-schemas.ts";
import { acceptInvitationLink, viewInvitation } from "../../../../core/auth/invitation-link.ts";
import { resetPassword } from "../../../../core/auth/request-password-reset.ts";
import { PASSWORD_MIN_LENGTH } from "../../../../core/auth/password-rule.ts";
import { confirmEmailChange } from "../../../../core/account/confirm-email-change.ts";
import { AppError, isAppError } from "../../../../core/errors.ts";
import { messageRef, type MessageRef } from "../../../../core/i18n/message-ref.ts";
import { AuthCard } from "../../../components/shell/auth-card.tsx";
import { EmailField, PasswordField, SubmitButton } from "../../../components/shell/auth-fields.tsx";
import { FormError } from "../../../components/ui/form-error.tsx";
import { servicesContext } from "../../../lib/context.ts";
import { serializeCookie } from "../../../lib/cookies.ts";
import { readForm, readIntent, runForm, unknownIntent } from "../../../lib/form-action.server.ts";
import { resultFor, succeeded, useAppForm } from "../../../lib/forms.ts";
import { useErrorText, useT, useTranslateRef } from "../../../lib/i18n.tsx";
import { GLOBAL_GUARD } from "../../../lib/route-access.ts";
import { studioSessionContext } from "../../../lib/studio-session.server.ts";
import type { Route } from "./+types/confirm.ts";
import { titleFrom } from "../../../lib/page-title.ts";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: titleFrom(matches, "auth.confirm.title", "Confirm") }];
}

const TOKEN = /^[A-Za-z0-9._~+/=-]{8,2048}$/;

type LoaderResult =
  | { kind: "failed"; reason: MessageRef; resend: boolean }
  | { kind: "choose-password"; token: string; email: string }
  | { kind: "recovery"; token: string }
  | { kind: "email-changed" }
  | { kind: "invite-sign-in" }
  | {
      kind: "invite";
      token: string;
      clientName: string;
      role: "admin" | "editor" | "viewer";
      email: string;
      inviterName: string | null;
    };

const failed = (reason: MessageRef, resend = false) =>
  data<LoaderResult>({ kind: "failed", reason, resend }, { status: 400 });

/**
 * The callback of every e-mail link. Opening a link changes nothing, except an e-mail change
 * (which signs in no one): confirming an address ends with choosing the password, and an invitation is
 * accepted with a click.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const url = new URL(request.url);
  const type = url.searchParams.get("type");
  const token = url.searchParams.get("token") ?? "";
  if (!TOKEN.test(token)) return failed(messageRef("error.auth.confirmInvalid"), type === "email");

  if (type === "email") {
    try {
      const { email } = await getConfirmation(services, token);
      return data<LoaderResult>({ kind: "choose-password", token, email });
    } catch (error) {
      if (isAppError(error)) return failed(error.messageRef, true);
      throw error;
    }
  }
  if (type === "email-change") {
    try {
      await confirmEmailChange(services, { token, headers: request.headers });
    } catch (error) {
      if (isAppError(error)) return failed(error.messageRef);
      throw error;
    }
    return data<LoaderResult>({ kind: "email-changed" });
  }
  if (type === "recovery") return data<LoaderResult>({ kind: "recovery", token });
  if (type === "invite") {
    const session = context.get(studioSessionContext);
    if (!session) {
      // Come back here after signing in or registering.
      const cookie = serializeCookie(GLOBAL_GUARD.redirectCookie, url.pathname + url.search, {
        maxAgeSeconds: 3600,
        httpOnly: true,
      });
      return data<LoaderResult>({ kind: "invite-sign-in" }, { headers: { "Set-Cookie": cookie } });
    }
    try {
      const invitation = await viewInvitation(services, token);
      if (invitation.status === "accepted") return failed(messageRef("error.tenancy.invitationUsed"));
      if (invitation.status === "expired") return failed(messageRef("error.tenancy.invitationExpired"));
      return data<LoaderResult>({
        kind: "invite",
        token,
        clientName: invitation.clientName,
        role: invitation.role,
        email: invitation.email,
        inviterName: invitation.inviterName,
      });
    } catch (error) {
      if (isAppError(error)) return failed(error.messageRef);
      throw error;
    }
  }
  return failed(messageRef("error.auth.confirmInvalid"));
}

const INTENTS = ["confirm", "recovery", "accept"] as const;

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const form = await readForm(request);
  const intent = readIntent(form, INTENTS);
  if (intent === "confirm") {
    let confirmed: { email: string } | undefined;
    const refused = await runForm(
      intent,
      form,
      choosePasswordSchema,
      async (value) => {
        confirmed = await confirmEmail(services, {
          token: value.token,
          password: value.password,
          headers: request.headers,
        });
      },
      () => ({}),
      { hideFields: ["password", "confirmPassword"] },
    );
    // Confirmed, and signed in nowhere: on to the sign-in form with the address filled in.
    if (confirmed)
      throw redirect(`/studio/user/login?confirmed=1&email=${encodeURIComponent(confirmed.email)}`);
    return refused;
  }
  if (intent === "recovery") {
    return runForm(
      intent,
      form,
      choosePasswordSchema,
      (value) =>
        resetPassword(services, { token: value.token, password: value.password, headers: request.headers }),
      () => ({}),
      { hideFields: ["password", "confirmPassword"] },
    );
  }
  if (intent === "accept") {
    const session = context.get(studioSessionContext);
    let slug: string | undefined;
    const answer = await runForm(intent, form, acceptInvitationSchema, async (value) => {
      if (!session) throw new AppError("unauthenticated", "auth.sessionNotFound");
      const accepted = await acceptInvitationLink(
        services,
        {
          profileId: session.profile.id,
          email: session.user.email,
          emailVerified: session.user.emailVerified,
        },
        { token: value.token, headers: request.headers },
      );
      slug = accepted.client.slug;
    });
    if (slug !== undefined) throw redirect(slug ? `/studio/${slug}` : "/studio");
    return answer;
  }
  return unknownIntent();
}

function ChoosePassword({
  intent,
  token,
  title,
  description,
  submit,
}: {
  intent: "confirm" | "recovery";
  token: string;
  title: string;
  description: string;
  submit: string;
}) {
  const t = useT();
  const errorText = useErrorText();
  const actionData = useActionData<typeof action>();
  const pending = useNavigation().state === "submitting";
  const [form, fields] = useAppForm({
    schema: choosePasswordSchema,
    id: intent,
    lastResult: resultFor(actionData, intent),
    defaultValue: { token },
  });
  const formErrors = errorText(form.errors);
  return (
    <AuthCard title={title} description={description}>
      {formErrors ? (
        <FormError>
          {formErrors.join(" ")}
          {intent === "recovery" ? (
            <Link to="/studio/user/login?forgot=1" className="ms-1 font-medium underline">
              {t("auth.recovery.requestNew")}
            </Link>
          ) : null}
        </FormError>
      ) : null}
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name={fields.token.name} value={token} />
        <PasswordField
          field={fields.password}
          label="auth.field.newPassword"
          autoComplete="new-password"
          withRule
        />
        <PasswordField
          field={fields.confirmPassword}
          label="auth.field.confirmPassword"
          autoComplete="new-password"
        />
        <SubmitButton pending={pending}>{submit}</SubmitButton>
      </Form>
    </AuthCard>
  );
}

const linkClass = "font-medium text-primary-800 underline dark:text-primary-300";

export default function Confirm() {
  const t = useT();
  const translate = useTranslateRef();
  const errorText = useErrorText();
  const result = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useNavigation().state === "submitting";
  const [acceptForm] = useAppForm({
    schema: acceptInvitationSchema,
    id: "accept",
    lastResult: resultFor(actionData, "accept"),
  });
  const [resendForm, resendFields] = useAppForm({ schema: emailOnlySchema, id: "resend" });

  if (result.kind === "choose-password") {
    return (
      <ChoosePassword
        intent="confirm"
        token={result.token}
        title={t("auth.confirm.chooseTitle")}
        description={t("auth.confirm.chooseDescription", { email: result.email })}
        submit={t("auth.confirm.submit")}
      />
    );
  }

  if (result.kind === "recovery") {
    if (succeeded(actionData, "recovery")) {
      return (
        <AuthCard title={t("auth.recovery.doneTitle")}>
          <p role="status">{t("auth.recovery.done")}</p>
          <Link to="/studio/user/login" className={linkClass}>
            {t("auth.recovery.signIn")}
          </Link>
        </AuthCard>
      );
    }
    return (
      <ChoosePassword
        intent="recovery"
        token={result.token}
        title={t("auth.recovery.title")}
        description={t("auth.password.rule", { min: PASSWORD_MIN_LENGTH })}
        submit={t("auth.recovery.submit")}
      />
    );
  }

  if (result.kind === "email-changed") {
    return (
      <AuthCard title={t("auth.confirm.changedTitle")}>
        <p role="status">{t("auth.confirm.changed")}</p>
        <Link to="/studio" className={linkClass}>
          {t("auth.confirm.toStudio")}
        </Link>
      </AuthCard>
    );
  }

  if (result.kind === "invite-sign-in") {
    return (
      <AuthCard title={t("auth.invite.title")} description={t("auth.invite.signInFirst")}>
        <div className="flex gap-3">
          <Link
            to="/studio/user/login"
            className="rounded-md bg-primary-700 px-4 py-2 font-medium text-white hover:bg-primary-800"
          >
            {t("auth.login.submit")}
          </Link>
          <Link
            to="/studio/user/register"
            className="rounded-md border border-slate-400 px-4 py-2 font-medium"
          >
            {t("auth.login.register")}
          </Link>
        </div>
      </AuthCard>
    );
  }

  if (result.kind === "invite") {
    const values = { email: result.email, client: result.clientName, role: t(`studio.role.${result.role}`) };
    return (
      <AuthCard title={t("auth.invite.title")}>
        <p>
          {result.inviterName
            ? t("auth.invite.details", { ...values, inviter: result.inviterName })
            : t("auth.invite.detailsNoInviter", values)}
        </p>
        <FormError>{errorText(acceptForm.errors)}</FormError>
        <Form method="post" className="space-y-4" {...getFormProps(acceptForm)}>
          <input type="hidden" name="intent" value="accept" />
          <input type="hidden" name="token" value={result.token} />
          <SubmitButton pending={pending}>{t("auth.invite.accept")}</SubmitButton>
        </Form>
      </AuthCard>
    );
  }

  // An invalid, expired or used link: say so and, for a confirmation link, offer a new one.
  return (
    <AuthCard title={t("auth.confirm.failedTitle")}>
      <p role="alert">{translate(result.reason)}</p>
      {result.resend ? (
        <Form method="post" action="/studio/user/login" className="space-y-4" {...getFormProps(resendForm)}>
          <input type="hidden" name="intent" value="resend" />
          <EmailField field={resendFields.email} />
          <SubmitButton pending={pending}>{t("auth.confirm.resend")}</SubmitButton>
        </Form>
      ) : (
        <Link to="/studio" className={linkClass}>
          {t("auth.confirm.toStudio")}
        </Link>
      )}
    </AuthCard>
  );
}
