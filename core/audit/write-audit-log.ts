import type { Database } from "../../db/client.ts";
import { auditLogs } from "../../db/schema/audit.ts";
import type { Actor } from "../access/actor.ts";
import { isSystemActor } from "../access/system-actor.ts";

export type AuditEntry = {
  action: string;
  entityType?: string;
  entityId?: string;
  before?: unknown;
  after?: unknown;
  /** overrides for events without a full actor (sign-in, failed sign-in) */
  clientId?: string | null;
  actorProfileId?: string | null;
};

/** One audit row: actor, effective client, impersonation flag, request id and IP come from the actor. */
export async function writeAuditLog(
  db: Database,
  actor: Actor | null,
  entry: AuditEntry & { requestId?: string; ip?: string },
) {
  // The system actor (core/access/system-actor.ts) has no profile row to point at.
  const profileId = actor && !isSystemActor(actor) ? actor.profileId : null;
  await db.insert(auditLogs).values({
    actorProfileId: entry.actorProfileId !== undefined ? entry.actorProfileId : profileId,
    effectiveClientId: entry.clientId !== undefined ? entry.clientId : (actor?.effectiveClientId ?? null),
    impersonating: actor?.impersonating ?? false,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    requestId: entry.requestId ?? actor?.requestId,
    ip: entry.ip ?? actor?.ip,
  });
}
