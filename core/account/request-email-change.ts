// Asks to change the sign-in address. better-auth mails a link to the current address (its
// sendChangeEmailConfirmation, core/auth/auth-email-flows.ts); following it sends a verification link to
// the new one. Nothing changes until then; the request is audited now.
import { writeAuditLog } from "../audit/write-audit-log.ts";
import type { AppServices } from "../services.ts";
import { assertOwnAccount, type AccountRequest } from "./account-session.ts";
import { callAuth } from "./auth-call.ts";
import type { EmailChangeForm } from "./account-schemas.ts";

/** Where both links of an e-mail change lead. */
export const EMAIL_CHANGE_CALLBACK = "/studio/user/confirm";

export async function requestEmailChange(
  services: Pick<AppServices, "db" | "auth">,
  account: AccountRequest,
  input: EmailChangeForm,
): Promise<{ current: string; requested: string }> {
  assertOwnAccount(account);
  await callAuth(() =>
    services.auth.api.changeEmail({
      body: { newEmail: input.newEmail, callbackURL: EMAIL_CHANGE_CALLBACK },
      headers: account.headers,
      asResponse: true,
    }),
  );
  await writeAuditLog(services.db, account.actor, {
    action: "auth.email_change_requested",
    entityType: "user",
    entityId: account.user.id,
    before: { email: account.user.email },
    after: { email: input.newEmail },
  });
  return { current: account.user.email, requested: input.newEmail };
}
