// Only a super admin may impersonate, and only an existing client. Kept server-side on the
// caller's own session (sessions.impersonated_client_id), so every later request acts as that client.
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { sessions } from "../../db/schema/auth.ts";
import { clients } from "../../db/schema/tenancy.ts";
import type { Actor } from "../access/actor.ts";
import { requireRecentPassword } from "../access/recent-password.ts";
import { writeAuditLog } from "../audit/write-audit-log.ts";
import { AppError, type ErrorReason } from "../errors.ts";
import { idSchema } from "../forms/fields.ts";
import { parseInput } from "../shared/input.ts";
import type { ClientRef } from "./tenancy-types.ts";
import type { AppServices } from "../services.ts";

const inputSchema = z.object({ sessionId: idSchema, clientId: idSchema });

export type StartImpersonationInput = z.input<typeof inputSchema>;

export const IMPERSONATION_FORBIDDEN = "tenancy.impersonationForbidden" satisfies ErrorReason;

export async function startImpersonation(
  { db }: Pick<AppServices, "db">,
  actor: Actor,
  input: StartImpersonationInput,
): Promise<{ client: ClientRef }> {
  // Checked before anything else, so a crafted request by anyone else learns nothing.
  if (!actor.isSuperAdmin) throw new AppError("forbidden", IMPERSONATION_FORBIDDEN);
  requireRecentPassword(actor);
  const { sessionId, clientId } = parseInput(inputSchema, input);
  return db.transaction(async (tx) => {
    const [client] = await tx
      .select({ id: clients.uuid, slug: clients.slug, name: clients.name })
      .from(clients)
      .where(eq(clients.uuid, clientId));
    if (!client) throw new AppError("not_found", "tenancy.clientNotFound");
    const [session] = await tx
      .select({ impersonatedClientId: sessions.impersonatedClientId })
      .from(sessions)
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, actor.userId)))
      .for("update");
    if (!session) throw new AppError("not_found", "auth.sessionNotFound");
    await tx.update(sessions).set({ impersonatedClientId: clientId }).where(eq(sessions.id, sessionId));
    await writeAuditLog(tx, actor, {
      action: "impersonation.start",
      entityType: "client",
      entityId: clientId,
      clientId,
      before: session.impersonatedClientId
        ? { impersonatedClientId: session.impersonatedClientId }
        : undefined,
      after: { impersonatedClientId: clientId, sessionId },
    });
    return { client: { id: client.id, slug: client.slug ?? "", name: client.name } };
  });
}
