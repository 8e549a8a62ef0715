import { data, Form, Link, redirect, useActionData, useNavigation } from "react-router";
import { z } from "zod";
import { AuthCard } from "../../../components/shell/auth-card.tsx";
import {
  EmailField,
  PasswordField,
  SubmitButton,
  TextField,
} from "../../../components/shell/auth-fields.tsx";
import { authFailure } from "../../../lib/auth-response.server.ts";
import { servicesContext } from "../../../lib/context.ts";
import { useT, type MessageKey } from "../../../lib/i18n.tsx";
import { passwordProblem } from "../../../../core/auth/password-rule.ts";
import { studioSessionContext } from "../../../lib/studio-session.server.ts";
import type { Route } from "./+types/register.ts";

export function meta() {
  return [{ title: "Create an account · Reeltime" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  if (context.get(studioSessionContext)) throw redirect("/studio");
  return null;
}

type Field = "name" | "email" | "password" | "terms";
type ActionResult = {
  done?: boolean;
  email?: string;
  name?: string;
  fieldErrors?: Partial<Record<Field, MessageKey>>;
  error?: MessageKey;
};

const schema = z.object({
  name: z.string().trim().min(1).max(100),
  email: z.email().max(320),
  password: z.string(),
  terms: z.literal("on"),
});

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const form = await request.formData();
  const input = {
    name: String(form.get("name") ?? ""),
    email: String(form.get("email") ?? "")
      .trim()
      .toLowerCase(),
    password: String(form.get("password") ?? ""),
    terms: form.get("terms"),
  };
  const fieldErrors: Partial<Record<Field, MessageKey>> = {};
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]) as Field;
      fieldErrors[field] = (
        {
          name: "auth.error.nameRequired",
          email: "auth.error.emailInvalid",
          password: "auth.error.passwordRequired",
          terms: "auth.error.termsRequired",
        } as const
      )[field];
    }
  }
  const problem = passwordProblem(input.password, input.email);
  if (problem) fieldErrors.password = `auth.password.${problem}`;
  if (Object.keys(fieldErrors).length > 0 || !parsed.success) {
    return data<ActionResult>({ fieldErrors, email: input.email, name: input.name }, { status: 400 });
  }
  const response = await services.auth.api.signUpEmail({
    body: { name: parsed.data.name, email: parsed.data.email, password: parsed.data.password },
    headers: request.headers,
    asResponse: true,
  });
  const failure = await authFailure(response);
  // An address that already has an account gets the same answer: nothing to learn about who is registered.
  if (
    failure &&
    failure.code !== "USER_ALREADY_EXISTS" &&
    failure.code !== "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL"
  ) {
    services.logger.warn({ failure }, "sign-up failed");
    return data<ActionResult>(
      { error: "auth.error.registerFailed", email: input.email, name: input.name },
      { status: failure.status >= 500 ? 503 : 400 },
    );
  }
  return data<ActionResult>({ done: true, email: parsed.data.email });
}

export default function Register() {
  const t = useT();
  const result = useActionData<typeof action>();
  const pending = useNavigation().state === "submitting";
  if (result?.done) {
    return (
      <AuthCard title={t("auth.register.checkInbox")}>
        <p role="status">{t("auth.register.sent", { email: result.email ?? "" })}</p>
        <Form method="post" action="/studio/user/login" className="text-sm">
          <input type="hidden" name="intent" value="resend" />
          <input type="hidden" name="email" value={result.email ?? ""} />
          {t("auth.register.noMail")}{" "}
          <button type="submit" className="font-medium text-primary-800 underline dark:text-primary-300">
            {t("auth.login.resend")}
          </button>
        </Form>
      </AuthCard>
    );
  }
  const errors = result?.fieldErrors ?? {};
  return (
    <AuthCard title={t("auth.register.title")} description={t("auth.register.description")}>
      {result?.error ? (
        <p
          role="alert"
          className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
        >
          {t(result.error)}
        </p>
      ) : null}
      <Form method="post" className="space-y-4" noValidate>
        <TextField
          name="name"
          label="auth.field.name"
          autoComplete="name"
          defaultValue={result?.name}
          error={errors.name}
        />
        <EmailField defaultValue={result?.email} error={errors.email} />
        <PasswordField
          name="password"
          label="auth.field.password"
          autoComplete="new-password"
          withRule
          error={errors.password}
        />
        <div className="flex flex-col gap-1">
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              name="terms"
              required
              className="mt-0.5 size-4 accent-green-700"
              aria-invalid={errors.terms ? true : undefined}
              aria-describedby={errors.terms ? "terms-error" : undefined}
            />
            {t("auth.register.terms")}
          </label>
          {errors.terms ? (
            <p id="terms-error" className="text-sm text-red-700 dark:text-red-400">
              {t(errors.terms)}
            </p>
          ) : null}
        </div>
        <SubmitButton pending={pending}>{t("auth.register.submit")}</SubmitButton>
      </Form>
      <p className="text-sm">
        {t("auth.register.haveAccount")}{" "}
        <Link
          to="/studio/user/login"
          className="font-medium text-primary-800 underline dark:text-primary-300"
        >
          {t("auth.register.signIn")}
        </Link>
      </p>
    </AuthCard>
  );
}
