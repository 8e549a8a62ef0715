// Changing the password (the current one is required). The user's other sessions are signed out
// unless they ask to keep them: whoever may have the old password loses the sessions it opened.
// Audited as auth.password_change; a mail tells the owner, with the way back if it was not them.
import { writeAuditLog } from "../audit/write-audit-log.ts";
import { AppError } from "../errors.ts";
import type { Locale } from "../i18n/locales.ts";
import type { AppServices } from "../services.ts";
import { assertOwnAccount, setCookiesOf, type AccountRequest } from "./account-session.ts";
import { callAuth } from "./auth-call.ts";
import type { PasswordChangeForm } from "./account-schemas.ts";
import { endOtherSessions } from "./revoke-sessions.ts";

export type PasswordChanged = { otherSessionsEnded: boolean; sessionsRevoked: number; setCookies: string[] };

export async function changePassword(
  services: Pick<AppServices, "db" | "auth" | "mail" | "logger" | "config" | "now">,
  account: AccountRequest & { locale: Locale },
  input: Pick<PasswordChangeForm, "currentPassword" | "newPassword" | "keepOtherSessions">,
): Promise<PasswordChanged> {
  assertOwnAccount(account);
  // Without better-auth's revokeOtherSessions flag, which replaces *this* session with a new one (and
  // loses its device details and impersonation); the other sessions are ended just below instead.
  const response = await callAuth(
    () =>
      services.auth.api.changePassword({
        body: { currentPassword: input.currentPassword, newPassword: input.newPassword },
        headers: account.headers,
        asResponse: true,
      }),
    (failure) =>
      failure.code === "INVALID_PASSWORD"
        ? new AppError("invalid_input", "form.invalid", {
            fieldErrors: { currentPassword: "studio.profile.password.wrongCurrent" },
          })
        : null,
  );
  let otherSessionsEnded = false;
  let sessionsRevoked = 0;
  if (!input.keepOtherSessions) {
    // The password has changed already: a failure here is logged, and the audit row and the answer
    // say that the other sessions were not ended.
    try {
      sessionsRevoked = await endOtherSessions(services, account);
      otherSessionsEnded = true;
    } catch (error) {
      services.logger.warn(
        { err: error },
        "account: ending the other sessions after a password change failed",
      );
    }
  }
  await writeAuditLog(services.db, account.actor, {
    action: "auth.password_change",
    entityType: "user",
    entityId: account.user.id,
    after: { revokedOtherSessions: otherSessionsEnded, sessionsRevoked },
  });
  // A mail failure must not undo (or hide) the change that was made.
  await services.mail
    .passwordChanged({
      to: account.user.email,
      locale: account.locale,
      name: account.user.name,
      resetUrl: new URL("/studio/user/login?forgot=1", services.config.baseUrl).toString(),
    })
    .catch((error: unknown) =>
      services.logger.warn({ err: error }, "account: password-changed e-mail not sent"),
    );
  return { otherSessionsEnded, sessionsRevoked, setCookies: setCookiesOf(response) };
}
