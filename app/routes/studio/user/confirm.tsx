import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { isAppError } from "../../../../core/errors.ts";
import { acceptInvitation } from "../../../../core/tenancy/accept-invitation.ts";
import { AuthCard } from "../../../components/shell/auth-card.tsx";
import { EmailField, PasswordField, SubmitButton } from "../../../components/shell/auth-fields.tsx";
import { authFailure, forwardCookies } from "../../../lib/auth-response.server.ts";
import { servicesContext } from "../../../lib/context.ts";
import { serializeCookie } from "../../../lib/cookies.ts";
import { useT, type MessageKey } from "../../../lib/i18n.tsx";
import { PASSWORD_MIN_LENGTH, passwordProblem } from "../../../../core/auth/password-rule.ts";
import { GLOBAL_GUARD } from "../../../lib/route-access.ts";
import { studioSessionContext } from "../../../lib/studio-session.server.ts";
import type { Route } from "./+types/confirm.ts";

export function meta() {
  return [{ title: "Confirm · Reeltime" }];
}

const TOKEN = /^[A-Za-z0-9._~+/=-]{8,2048}$/;

type LoaderResult =
  | { kind: "invalid-link" }
  | { kind: "email-failed"; reason: MessageKey }
  | { kind: "recovery"; token: string }
  | { kind: "invite-sign-in" }
  | { kind: "invite-failed"; reason: string };

/** The callback of every e-mail link (SPEC.md §2): confirm address, recover password, accept invitation. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const url = new URL(request.url);
  const type = url.searchParams.get("type");
  const token = url.searchParams.get("token") ?? "";
  if (!TOKEN.test(token)) return data<LoaderResult>({ kind: "invalid-link" }, { status: 400 });

  if (type === "email" || type === "email-change") {
    const response = await services.auth.api.verifyEmail({
      query: { token },
      headers: request.headers,
      asResponse: true,
    });
    const failure = await authFailure(response);
    if (failure) {
      const reason: MessageKey =
        failure.code === "TOKEN_EXPIRED" ? "auth.confirm.expired" : "auth.confirm.invalid";
      return data<LoaderResult>({ kind: "email-failed", reason }, { status: 400 });
    }
    // Confirmed (and signed in): on to the studio.
    throw redirect("/studio?confirmed=1", { headers: forwardCookies(response) });
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
      const accepted = await acceptInvitation(services.db, {
        token,
        profileId: session.profile.id,
        email: session.user.email,
      });
      throw redirect(accepted.client.slug ? `/studio/${accepted.client.slug}` : "/studio");
    } catch (error) {
      if (isAppError(error))
        return data<LoaderResult>({ kind: "invite-failed", reason: error.message }, { status: error.status });
      throw error;
    }
  }
  return data<LoaderResult>({ kind: "invalid-link" }, { status: 400 });
}

type ActionResult = { done?: boolean; error?: MessageKey; passwordError?: MessageKey };

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const form = await request.formData();
  const token = String(form.get("token") ?? "");
  const password = String(form.get("password") ?? "");
  const problem = passwordProblem(password);
  if (problem) return data<ActionResult>({ passwordError: `auth.password.${problem}` }, { status: 400 });
  if (password !== form.get("passwordConfirm"))
    return data<ActionResult>({ passwordError: "auth.password.mismatch" }, { status: 400 });
  if (!TOKEN.test(token)) return data<ActionResult>({ error: "auth.confirm.invalid" }, { status: 400 });
  const response = await services.auth.api.resetPassword({
    body: { newPassword: password, token },
    headers: request.headers,
    asResponse: true,
  });
  const failure = await authFailure(response);
  if (failure) return data<ActionResult>({ error: "auth.recovery.expired" }, { status: 400 });
  return data<ActionResult>({ done: true });
}

export default function Confirm() {
  const t = useT();
  const result = useLoaderData<typeof loader>();
  const actionResult = useActionData<typeof action>();
  const pending = useNavigation().state === "submitting";

  if (result.kind === "recovery") {
    if (actionResult?.done) {
      return (
        <AuthCard title={t("auth.recovery.doneTitle")}>
          <p role="status">{t("auth.recovery.done")}</p>
          <Link
            to="/studio/user/login"
            className="font-medium text-primary-800 underline dark:text-primary-300"
          >
            {t("auth.recovery.signIn")}
          </Link>
        </AuthCard>
      );
    }
    return (
      <AuthCard
        title={t("auth.recovery.title")}
        description={t("auth.password.rule", { min: PASSWORD_MIN_LENGTH })}
      >
        {actionResult?.error ? (
          <div
            role="alert"
            className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
          >
            <p>{t(actionResult.error)}</p>
            <Link to="/studio/user/login?forgot=1" className="font-medium underline">
              {t("auth.recovery.requestNew")}
            </Link>
          </div>
        ) : null}
        <Form method="post" className="space-y-4" noValidate>
          <input type="hidden" name="token" value={result.token} />
          <PasswordField
            name="password"
            label="auth.field.newPassword"
            autoComplete="new-password"
            error={actionResult?.passwordError}
          />
          <PasswordField
            name="passwordConfirm"
            label="auth.field.confirmPassword"
            autoComplete="new-password"
          />
          <SubmitButton pending={pending}>{t("auth.recovery.submit")}</SubmitButton>
        </Form>
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

  if (result.kind === "invite-failed") {
    return (
      <AuthCard title={t("auth.invite.title")}>
        <p role="alert">{result.reason}</p>
        <Link to="/studio" className="font-medium text-primary-800 underline dark:text-primary-300">
          {t("auth.confirm.toStudio")}
        </Link>
      </AuthCard>
    );
  }

  // An invalid, expired or used confirmation link: say so and offer a new one.
  return (
    <AuthCard title={t("auth.confirm.failedTitle")}>
      <p role="alert">{t(result.kind === "email-failed" ? result.reason : "auth.confirm.invalid")}</p>
      <Form method="post" action="/studio/user/login" className="space-y-4" noValidate>
        <input type="hidden" name="intent" value="resend" />
        <EmailField />
        <SubmitButton pending={pending}>{t("auth.confirm.resend")}</SubmitButton>
      </Form>
    </AuthCard>
  );
}
