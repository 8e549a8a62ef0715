// Super admins delete a client. Memberships and invitations go with it (foreign keys cascade);
// sessions impersonating it stop; its API keys go too, and their cached lookups are dropped at once (here
// and on the other instances); the audit row keeps what the client was.
import { count, eq } from "drizzle-orm";
import { z } from "zod";
import { apiKeys } from "../../db/schema/access.ts";
import { sessions } from "../../db/schema/auth.ts";
import { clientMembers, clients } from "../../db/schema/tenancy.ts";
import type { Actor } from "../access/actor.ts";
import { requireSuperAdmin } from "../access/permissions.ts";
import { writeAuditLog } from "../audit/write-audit-log.ts";
import { AppError } from "../errors.ts";
import { clientColumns } from "./create-client.ts";
import { idSchema } from "../forms/fields.ts";
import { parseInput } from "../shared/input.ts";
import type { AppServices } from "../services.ts";

const inputSchema = z.object({ clientId: idSchema });

export async function deleteClient(
  { db, apiKeys: keyDirectory }: Pick<AppServices, "db" | "apiKeys">,
  actor: Actor,
  input: { clientId: string },
): Promise<void> {
  requireSuperAdmin(actor);
  const { clientId } = parseInput(inputSchema, input);
  const keyIds = await db.transaction(async (tx) => {
    const [current] = await tx
      .select(clientColumns)
      .from(clients)
      .where(eq(clients.uuid, clientId))
      .for("update");
    if (!current) throw new AppError("not_found", "tenancy.clientNotFound");
    const [members] = await tx
      .select({ n: count() })
      .from(clientMembers)
      .where(eq(clientMembers.clientId, clientId));
    await tx
      .update(sessions)
      .set({ impersonatedClientId: null })
      .where(eq(sessions.impersonatedClientId, clientId));
    const keys = await tx.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.clientId, clientId));
    await tx.delete(clients).where(eq(clients.uuid, clientId));
    // The client is gone: the row cannot point at it (effective client null), the entity id keeps it.
    await writeAuditLog(tx, actor, {
      action: "client.delete",
      entityType: "client",
      entityId: clientId,
      clientId: null,
      before: { ...current, memberCount: members?.n ?? 0 },
    });
    return keys.map((key) => key.id);
  });
  await keyDirectory.invalidate(keyIds);
}
