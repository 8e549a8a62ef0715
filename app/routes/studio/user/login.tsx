import { getFormProps } from "@conform-to/react";
import { Form, Link, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import { sendConfirmation } from "../../../../core/auth/confirmation.ts";
import { emailOnlySchema, signInSchema } from "../../../../core/auth/auth-schemas.ts";
import { requestPasswordReset } from "../../../../core/auth/request-password-reset.ts";
import { signIn } from "../../../../core/auth/sign-in.ts";
import { messageRef } from "../../../../core/i18n/message-ref.ts";
import { AuthCard } from "../../../components/shell/auth-card.tsx";
import { EmailField, PasswordField, SubmitButton } from "../../../components/shell/auth-fields.tsx";
import { FormError } from "../../../components/ui/form-error.tsx";
import { servicesContext } from "../../../lib/context.ts";
import { readForm, readIntent, runForm, unknownIntent } from "../../../lib/form-action.server.ts";
import { resultFor, useAppForm } from "../../../lib/forms.ts";
import { takeRedirectAfterLogin } from "../../../lib/guards.server.ts";
import { preferenceCookies } from "../../../lib/preference-cookies.server.ts";
import { useErrorText, useT, useTranslateRef } from "../../../lib/i18n.tsx";
import { studioSessionContext } from "../../../lib/studio-session.server.ts";
import { AuthSwitchLink } from "./auth-switch-link.tsx";
import type { Route } from "./+types/login.ts";
import { titleFrom } from "../../../lib/page-title.ts";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: titleFrom(matches, "auth.login.title", "Sign in") }];
}

/** A refusal's Retry-After (too many attempts) reaches the browser on a full-page post too. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
}

export async function loader({ context, request }: Route.LoaderArgs) {
  // Already signed in: nothing to do here (unless a sign-out just failed and the user wants the form).
  if (context.get(studioSessionContext) && !new URL(request.url).searchParams.has("signedOut"))
    throw redirect("/studio");
  return null;
}

const INTENTS = ["sign-in", "forgot", "resend"] as const;
const UNCONFIRMED = messageRef("error.auth.unconfirmed");

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const form = await readForm(request);
  const intent = readIntent(form, INTENTS);
  if (intent === "resend") {
    // The same answer whether or not the address waits for confirmation.
    return runForm(
      intent,
      form,
      emailOnlySchema,
      (value) => sendConfirmation(services, { email: value.email, headers: request.headers }),
      () => ({ toast: { kind: "success", message: messageRef("auth.notice.verificationSent") } }),
    );
  }
  if (intent === "forgot") {
    return runForm(
      intent,
      form,
      emailOnlySchema,
      (value) => requestPasswordReset(services, { email: value.email, headers: request.headers }),
      () => ({ toast: { kind: "success", message: messageRef("auth.notice.resetSent") } }),
    );
  }
  if (intent !== "sign-in") return unknownIntent();
  let signedIn: Awaited<ReturnType<typeof signIn>> | undefined;
  const refused = await runForm(
    intent,
    form,
    signInSchema,
    async (value) => {
      signedIn = await signIn(services, { ...value, headers: request.headers });
    },
    () => ({}),
    { hideFields: ["password"] },
  );
  if (!signedIn) return refused;
  const { to, clearCookie } = takeRedirectAfterLogin(request);
  const headers = new Headers();
  for (const cookie of signedIn.setCookies) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", clearCookie);
  // The language and colour mode saved on the profile follow the user to this browser.
  for (const cookie of await preferenceCookies(
    services,
    signedIn.userId,
    new URL(request.url).protocol === "https:",
  )) {
    headers.append("Set-Cookie", cookie);
  }
  return redirect(to, { headers });
}

function Notice({ children }: { children: string }) {
  return (
    <p
      role="status"
      className="rounded-md bg-primary-50 p-3 text-sm text-primary-900 dark:bg-primary-950 dark:text-primary-100"
    >
      {children}
    </p>
  );
}

export default function Login() {
  const t = useT();
  const translate = useTranslateRef();
  const errorText = useErrorText();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const pending = navigation.state === "submitting";
  const forgotResult = resultFor(actionData, "forgot");
  const resendResult = resultFor(actionData, "resend");
  const signInResult = resultFor(actionData, "sign-in");
  const forgot = params.get("forgot") === "1" || Boolean(forgotResult);
  const prefilled = params.get("email") ?? undefined;

  const [signInForm, signInFields] = useAppForm({
    schema: signInSchema,
    id: "sign-in",
    lastResult: signInResult,
    defaultValue: { email: prefilled },
  });
  const [forgotForm, forgotFields] = useAppForm({
    schema: emailOnlySchema,
    id: "forgot",
    lastResult: forgotResult,
    defaultValue: { email: prefilled },
  });
  const notice = (intent: "forgot" | "resend", result: typeof forgotResult) =>
    result?.status === "success" && actionData && "toast" in actionData && actionData.toast
      ? t(intent === "forgot" ? "auth.notice.resetSent" : "auth.notice.verificationSent", {
          email: String(result.initialValue?.email ?? ""),
        })
      : null;

  if (forgot) {
    const sent = notice("forgot", forgotResult);
    return (
      <AuthCard title={t("auth.forgot.title")} description={t("auth.forgot.description")}>
        {sent ? <Notice>{sent}</Notice> : null}
        <FormError>{errorText(forgotForm.errors)}</FormError>
        <Form method="post" className="space-y-4" {...getFormProps(forgotForm)}>
          <input type="hidden" name="intent" value="forgot" />
          <EmailField field={forgotFields.email} autoFocus />
          <SubmitButton pending={pending}>{t("auth.forgot.submit")}</SubmitButton>
        </Form>
        <p className="text-sm">
          <Link
            to="/studio/user/login"
            className="font-medium text-primary-800 underline dark:text-primary-300"
          >
            {t("auth.forgot.back")}
          </Link>
        </p>
      </AuthCard>
    );
  }

  const unconfirmed = signInForm.errors?.includes(UNCONFIRMED) ?? false;
  const resent = notice("resend", resendResult);
  const resendErrors = resendResult?.status === "error" ? Object.values(resendResult.error ?? {}).flat() : [];
  const formErrors = errorText(signInForm.errors);
  return (
    <AuthCard title={t("auth.login.title")} description={t("auth.login.description")}>
      {formErrors || resendErrors.length > 0 ? (
        <FormError>
          {[
            ...(formErrors ?? []),
            ...resendErrors.filter((e): e is string => Boolean(e)).map(translate),
          ].join(" ")}
          {unconfirmed ? (
            <Form method="post">
              <input type="hidden" name="intent" value="resend" />
              <input type="hidden" name="email" value={String(signInResult?.initialValue?.email ?? "")} />
              <button type="submit" className="font-medium underline">
                {t("auth.login.resend")}
              </button>
            </Form>
          ) : null}
        </FormError>
      ) : null}
      {resent ? <Notice>{resent}</Notice> : null}
      {params.get("confirmed") === "1" && prefilled ? (
        <Notice>{t("auth.confirm.done", { email: prefilled })}</Notice>
      ) : null}
      <Form method="post" className="space-y-4" {...getFormProps(signInForm)}>
        <input type="hidden" name="intent" value="sign-in" />
        <EmailField field={signInFields.email} autoFocus />
        <PasswordField
          field={signInFields.password}
          label="auth.field.password"
          autoComplete="current-password"
        />
        <p className="-mt-2 text-end text-sm">
          <Link to="/studio/user/login?forgot=1" className="text-primary-800 underline dark:text-primary-300">
            {t("auth.login.forgot")}
          </Link>
        </p>
        <SubmitButton pending={pending}>{t("auth.login.submit")}</SubmitButton>
      </Form>
      <AuthSwitchLink prompt={t("auth.login.noAccount")} to="/studio/user/register">
        {t("auth.login.register")}
      </AuthSwitchLink>
    </AuthCard>
  );
}
