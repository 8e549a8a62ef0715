// Enter the password again (super admins, before impersonating, adjusting credits or changing users when
// the last password check is older than RECENT_PASSWORD_MINUTES): then back to the page that asked.
import { getFormProps } from "@conform-to/react";
import { Form, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { verifyPasswordFormSchema } from "../../../../core/account/account-schemas.ts";
import { verifyPassword } from "../../../../core/account/verify-password.ts";
import { RECENT_PASSWORD_MINUTES } from "../../../../core/access/recent-password.ts";
import { AuthCard } from "../../../components/shell/auth-card.tsx";
import { PasswordField, SubmitButton } from "../../../components/shell/auth-fields.tsx";
import { FormError } from "../../../components/ui/form-error.tsx";
import { servicesContext } from "../../../lib/context.ts";
import { readForm, runForm } from "../../../lib/form-action.server.ts";
import { useAppForm } from "../../../lib/forms.ts";
import { useErrorText, useT } from "../../../lib/i18n.tsx";
import { titleFrom } from "../../../lib/page-title.ts";
import { STUDIO_HOME } from "../../../lib/route-access.ts";
import { safeRedirectPath, sameSiteRefererPath } from "../../../lib/safe-redirect.ts";
import { studioSessionContext } from "../../../lib/studio-session.server.ts";
import type { Route } from "./+types/verify-password.ts";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: titleFrom(matches, "auth.verifyPassword.title", "Confirm it is you") }];
}

/** Back to a studio page only: the address that asked, or the page the browser came from. */
function returnPath(request: Request, explicit: string | null | undefined): string {
  const candidate = explicit ?? sameSiteRefererPath(request);
  const path = safeRedirectPath(candidate, STUDIO_HOME);
  return path === STUDIO_HOME || path.startsWith(`${STUDIO_HOME}/`) || path.startsWith(`${STUDIO_HOME}?`)
    ? path
    : STUDIO_HOME;
}

export function loader({ request, context }: Route.LoaderArgs) {
  if (!context.get(studioSessionContext)) throw redirect("/studio/user/login");
  const returnTo = returnPath(request, new URL(request.url).searchParams.get("returnTo"));
  return { returnTo: returnTo === "/studio/user/verify-password" ? STUDIO_HOME : returnTo };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const session = context.get(studioSessionContext);
  if (!session) throw redirect("/studio/user/login");
  const form = await readForm(request);
  return runForm(
    "verify",
    form,
    verifyPasswordFormSchema,
    async ({ password, returnTo }) => {
      await verifyPassword(services, { ...session, headers: request.headers }, { password });
      throw redirect(returnPath(request, returnTo ?? null));
    },
    undefined,
    { hideFields: ["password"] },
  );
}

export default function VerifyPassword() {
  const t = useT();
  const errorText = useErrorText();
  const { returnTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useNavigation().state === "submitting";
  const [form, fields] = useAppForm({
    schema: verifyPasswordFormSchema,
    id: "verify-password",
    lastResult: actionData?.result,
  });
  return (
    <AuthCard
      title={t("auth.verifyPassword.title")}
      description={t("auth.verifyPassword.description", { minutes: RECENT_PASSWORD_MINUTES })}
    >
      <FormError>{errorText(form.errors)}</FormError>
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <input type="hidden" name="returnTo" value={returnTo} />
        <PasswordField field={fields.password} label="auth.field.password" autoComplete="current-password" />
        <SubmitButton pending={pending}>{t("auth.verifyPassword.submit")}</SubmitButton>
      </Form>
    </AuthCard>
  );
}
