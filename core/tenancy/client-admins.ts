// The "a client keeps at least one admin" rule, shared by changeMemberRole, removeMember and leaveClient.
// Callers run inside a transaction and lock the client row first, so two admins demoting each other
// at the same moment cannot both succeed.
import { and, count, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { clientMembers, clients } from "../../db/schema/tenancy.ts";
import type { Actor } from "../access/actor.ts";
import { type Permission, roleHasPermission } from "../access/permissions.ts";
import { AppError, type ErrorReason } from "../errors.ts";

export const LAST_ADMIN_MESSAGE = "tenancy.lastAdmin" satisfies ErrorReason;

/** Locks the client row for the rest of the transaction; throws not_found when it does not exist. */
export async function lockClient(
  tx: Database,
  clientId: string,
): Promise<{ id: string; name: string; slug: string | null }> {
  const [client] = await tx
    .select({ id: clients.uuid, name: clients.name, slug: clients.slug })
    .from(clients)
    .where(eq(clients.uuid, clientId))
    .for("update");
  if (!client) throw new AppError("not_found", "tenancy.clientNotFound");
  return client;
}

export async function countAdmins(tx: Database, clientId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(clientMembers)
    .where(and(eq(clientMembers.clientId, clientId), eq(clientMembers.role, "admin")));
  return row?.n ?? 0;
}

/** Throws conflict when the member losing admin rights is the client's only admin. */
export async function assertNotLastAdmin(
  tx: Database,
  clientId: string,
  currentRole: string,
  message: ErrorReason = LAST_ADMIN_MESSAGE,
) {
  if (currentRole !== "admin") return;
  if ((await countAdmins(tx, clientId)) <= 1) throw new AppError("conflict", message);
}

/**
 * Defence in depth for member management: besides the actor's role (requirePermission, checked
 * first), a non-super-admin must still hold that role in the database when the change is made.
 */
export async function assertMembershipAllows(
  tx: Database,
  actor: Actor,
  clientId: string,
  permission: Permission,
) {
  if (actor.isSuperAdmin) return;
  const [row] = await tx
    .select({ role: clientMembers.role })
    .from(clientMembers)
    .where(and(eq(clientMembers.clientId, clientId), eq(clientMembers.profileId, actor.profileId)));
  if (!roleHasPermission(row?.role ?? null, permission)) {
    throw new AppError("forbidden", "access.forbidden");
  }
}
