// The password entered again in a signed-in session (the step-up of core/access/recent-password.ts):
// better-auth checks it (rate-limited like every password check), then the session notes when, and the
// audit log says so. A wrong password is a field error and changes nothing.
import { and, eq } from "drizzle-orm";
import { sessions } from "../../db/schema/auth.ts";
import { writeAuditLog } from "../audit/write-audit-log.ts";
import { AppError } from "../errors.ts";
import type { AppServices } from "../services.ts";
import { assertOwnAccount, type AccountRequest } from "./account-session.ts";
import { callAuth } from "./auth-call.ts";

export async function verifyPassword(
  services: Pick<AppServices, "db" | "auth" | "now">,
  account: AccountRequest,
  input: { password: string },
): Promise<void> {
  assertOwnAccount(account);
  await callAuth(
    () =>
      services.auth.api.verifyPassword({
        body: { password: input.password },
        headers: account.headers,
        asResponse: true,
      }),
    (failure) =>
      failure.code === "INVALID_PASSWORD"
        ? new AppError("invalid_input", "form.invalid", {
            fieldErrors: { password: "auth.verifyPassword.wrong" },
          })
        : null,
  );
  await services.db
    .update(sessions)
    .set({ passwordVerifiedAt: services.now() })
    .where(and(eq(sessions.id, account.session.id), eq(sessions.userId, account.user.id)));
  await writeAuditLog(services.db, account.actor, {
    action: "auth.password_verify",
    entityType: "user",
    entityId: account.user.id,
  });
}
