// Auth events in the audit log: sign-in, failed sign-in, sign-out.
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { users } from "../../db/schema/auth.ts";
import { profiles } from "../../db/schema/tenancy.ts";
import { writeAuditLog } from "../audit/write-audit-log.ts";
import { ensureProfile } from "../tenancy/ensure-profile.ts";

export type RequestMeta = { requestId?: string; ip?: string };

/** A new session: the profile (and, for a confirmed address, the super admin bootstrap), last sign-in, audit. */
export async function recordSignIn(
  db: Database,
  input: { userId: string; sessionId: string; superAdminEmails: readonly string[] } & RequestMeta,
) {
  const [user] = await db
    .select({ email: users.email, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.id, input.userId))
    .limit(1);
  if (!user) return;
  const profile = await ensureProfile(db, {
    userId: input.userId,
    email: user.email,
    superAdminEmails: [...input.superAdminEmails],
    confirmed: user.emailVerified,
  });
  await db.update(profiles).set({ lastSignInAt: new Date() }).where(eq(profiles.id, profile.id));
  await writeAuditLog(db, null, {
    action: "auth.sign_in",
    entityType: "session",
    entityId: input.sessionId,
    actorProfileId: profile.id,
    clientId: null,
    requestId: input.requestId,
    ip: input.ip,
  });
}

export async function recordSignInFailure(
  db: Database,
  input: { email: string; reason: "credentials" | "throttled" | "unverified" } & RequestMeta,
) {
  await writeAuditLog(db, null, {
    action: "auth.sign_in_failed",
    entityType: "user",
    entityId: input.email.trim().toLowerCase().slice(0, 320),
    after: { reason: input.reason },
    clientId: null,
    requestId: input.requestId,
    ip: input.ip,
  });
}

export async function recordSignOut(
  { db }: { db: Database },
  input: { profileId: string; sessionId: string } & RequestMeta,
) {
  await writeAuditLog(db, null, {
    action: "auth.sign_out",
    entityType: "session",
    entityId: input.sessionId,
    actorProfileId: input.profileId,
    clientId: null,
    requestId: input.requestId,
    ip: input.ip,
  });
}
