import { data, Form, Link, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import { z } from "zod";
import { AuthCard } from "../../../components/shell/auth-card.tsx";
import { EmailField, PasswordField, SubmitButton } from "../../../components/shell/auth-fields.tsx";
import { authFailure, forwardCookies } from "../../../lib/auth-response.server.ts";
import { servicesContext } from "../../../lib/context.ts";
import { takeRedirectAfterLogin } from "../../../lib/guards.server.ts";
import { preferenceCookies } from "../../../lib/preference-cookies.server.ts";
import { useT, type MessageKey } from "../../../lib/i18n.tsx";
import { studioSessionContext } from "../../../lib/studio-session.server.ts";
import type { Route } from "./+types/login.ts";

export function meta() {
  return [{ title: "Sign in · Reeltime" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  // Already signed in: nothing to do here (unless a sign-out just failed and the user wants the form).
  if (context.get(studioSessionContext) && !new URL(request.url).searchParams.has("signedOut"))
    throw redirect("/studio");
  return null;
}

const signInSchema = z.object({
  email: z.email().max(320),
  password: z.string().min(1).max(128),
});
const emailSchema = z.object({ email: z.email().max(320) });

type ActionResult = {
  intent: "sign-in" | "resend" | "forgot";
  error?: MessageKey;
  notice?: MessageKey;
  email?: string;
  fieldErrors?: Partial<Record<"email" | "password", MessageKey>>;
};

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const form = await request.formData();
  const intent = form.get("intent");

  if (intent === "resend" || intent === "forgot") {
    const parsed = emailSchema.safeParse({ email: String(form.get("email") ?? "").trim() });
    if (!parsed.success) {
      return data<ActionResult>(
        { intent, fieldErrors: { email: "auth.error.emailInvalid" } },
        { status: 400 },
      );
    }
    // The same answer whether or not the address has an account.
    if (intent === "resend") {
      await services.auth.api
        .sendVerificationEmail({ body: { email: parsed.data.email }, headers: request.headers })
        .catch((error: unknown) => services.logger.warn({ err: error }, "resend verification failed"));
      return data<ActionResult>({ intent, notice: "auth.notice.verificationSent", email: parsed.data.email });
    }
    await services.auth.api
      .requestPasswordReset({ body: { email: parsed.data.email }, headers: request.headers })
      .catch((error: unknown) => services.logger.warn({ err: error }, "password reset request failed"));
    return data<ActionResult>({ intent, notice: "auth.notice.resetSent", email: parsed.data.email });
  }

  const parsed = signInSchema.safeParse({
    email: String(form.get("email") ?? "").trim(),
    password: form.get("password") ?? "",
  });
  if (!parsed.success) {
    const fields = new Set(parsed.error.issues.map((i) => String(i.path[0])));
    return data<ActionResult>(
      {
        intent: "sign-in",
        email: String(form.get("email") ?? ""),
        fieldErrors: {
          ...(fields.has("email") ? { email: "auth.error.emailInvalid" as const } : {}),
          ...(fields.has("password") ? { password: "auth.error.passwordRequired" as const } : {}),
        },
      },
      { status: 400 },
    );
  }
  const response = await services.auth.api.signInEmail({
    body: parsed.data,
    headers: request.headers,
    asResponse: true,
  });
  const failure = await authFailure(response);
  if (failure) {
    const error: MessageKey =
      failure.code === "EMAIL_NOT_VERIFIED"
        ? "auth.error.unconfirmed"
        : failure.status === 429
          ? "auth.error.tooManyAttempts"
          : "auth.error.wrongCredentials";
    return data<ActionResult>(
      { intent: "sign-in", error, email: parsed.data.email },
      { status: failure.status === 429 ? 429 : 400 },
    );
  }
  const { to, clearCookie } = takeRedirectAfterLogin(request);
  const headers = forwardCookies(response);
  headers.append("Set-Cookie", clearCookie);
  // The language and colour mode saved on the profile follow the user to this browser.
  const signedIn = (await response.json()) as { user?: { id?: string } };
  if (signedIn.user?.id) {
    for (const cookie of await preferenceCookies(
      services,
      signedIn.user.id,
      new URL(request.url).protocol === "https:",
    )) {
      headers.append("Set-Cookie", cookie);
    }
  }
  return redirect(to, { headers });
}

export default function Login() {
  const t = useT();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const forgot = params.get("forgot") === "1" || result?.intent === "forgot";
  const pending = navigation.state === "submitting";

  if (forgot) {
    return (
      <AuthCard title={t("auth.forgot.title")} description={t("auth.forgot.description")}>
        {result?.notice ? (
          <p
            role="status"
            className="rounded-md bg-primary-50 p-3 text-sm text-primary-900 dark:bg-primary-950 dark:text-primary-100"
          >
            {t(result.notice, { email: result.email ?? "" })}
          </p>
        ) : null}
        <Form method="post" className="space-y-4" noValidate>
          <input type="hidden" name="intent" value="forgot" />
          <EmailField defaultValue={result?.email} error={result?.fieldErrors?.email} />
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

  return (
    <AuthCard title={t("auth.login.title")} description={t("auth.login.description")}>
      {result?.error ? (
        <div
          role="alert"
          className="space-y-2 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
        >
          <p>{t(result.error)}</p>
          {result.error === "auth.error.unconfirmed" ? (
            <Form method="post">
              <input type="hidden" name="intent" value="resend" />
              <input type="hidden" name="email" value={result.email ?? ""} />
              <button type="submit" className="font-medium underline">
                {t("auth.login.resend")}
              </button>
            </Form>
          ) : null}
        </div>
      ) : null}
      {result?.notice ? (
        <p
          role="status"
          className="rounded-md bg-primary-50 p-3 text-sm text-primary-900 dark:bg-primary-950 dark:text-primary-100"
        >
          {t(result.notice, { email: result.email ?? "" })}
        </p>
      ) : null}
      <Form method="post" className="space-y-4" noValidate>
        <input type="hidden" name="intent" value="sign-in" />
        <EmailField defaultValue={result?.email} error={result?.fieldErrors?.email} />
        <PasswordField
          name="password"
          label="auth.field.password"
          autoComplete="current-password"
          error={result?.fieldErrors?.password}
        />
        <p className="-mt-2 text-end text-sm">
          <Link to="/studio/user/login?forgot=1" className="text-primary-800 underline dark:text-primary-300">
            {t("auth.login.forgot")}
          </Link>
        </p>
        <SubmitButton pending={pending}>{t("auth.login.submit")}</SubmitButton>
      </Form>
      <p className="text-sm">
        {t("auth.login.noAccount")}{" "}
        <Link
          to="/studio/user/register"
          className="font-medium text-primary-800 underline dark:text-primary-300"
        >
          {t("auth.login.register")}
        </Link>
      </p>
    </AuthCard>
  );
}
