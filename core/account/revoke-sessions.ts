// Signing out the user's own sessions elsewhere: one of them, or all but the current one. Audited
// as auth.session_revoke. Another user's session id answers like one that has already ended.
import { writeAuditLog } from "../audit/write-audit-log.ts";
import { AppError } from "../errors.ts";
import type { AppServices } from "../services.ts";
import { assertOwnAccount, type AccountRequest } from "./account-session.ts";
import { callAuth } from "./auth-call.ts";
import { countOtherSessions, ownSessionToken } from "./sessions.ts";

type Services = Pick<AppServices, "db" | "auth" | "now">;

export async function revokeSession(
  services: Services,
  account: AccountRequest,
  input: { sessionId: string },
): Promise<void> {
  assertOwnAccount(account);
  if (input.sessionId === account.session.id) throw new AppError("invalid_input", "account.currentSession");
  const token = await ownSessionToken(services, account.actor, input.sessionId);
  if (!token) throw new AppError("not_found", "account.sessionNotFound");
  await callAuth(() =>
    services.auth.api.revokeSession({ body: { token }, headers: account.headers, asResponse: true }),
  );
  await writeAuditLog(services.db, account.actor, {
    action: "auth.session_revoke",
    entityType: "session",
    entityId: input.sessionId,
    after: { scope: "one" },
  });
}

/** Ends every session of the user but this one, without an audit row; returns how many there were. */
export async function endOtherSessions(services: Services, account: AccountRequest): Promise<number> {
  const count = await countOtherSessions(services, account.actor, { currentSessionId: account.session.id });
  await callAuth(() => services.auth.api.revokeOtherSessions({ headers: account.headers, asResponse: true }));
  return count;
}

export async function revokeOtherSessions(services: Services, account: AccountRequest): Promise<number> {
  assertOwnAccount(account);
  const count = await endOtherSessions(services, account);
  await writeAuditLog(services.db, account.actor, {
    action: "auth.session_revoke",
    entityType: "session",
    entityId: account.session.id,
    after: { scope: "others", count },
  });
  return count;
}
