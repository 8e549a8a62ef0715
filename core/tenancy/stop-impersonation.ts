// Stops the impersonation kept on the caller's own session. Anyone may stop (a super admin whose flag
// was withdrawn meanwhile too); nothing to stop is not an error.
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { sessions } from "../../db/schema/auth.ts";
import { clients } from "../../db/schema/tenancy.ts";
import type { Actor } from "../access/actor.ts";
import { writeAuditLog } from "../audit/write-audit-log.ts";
import { AppError } from "../errors.ts";
import { idSchema } from "../forms/fields.ts";
import { parseInput } from "../shared/input.ts";
import type { AppServices } from "../services.ts";

const inputSchema = z.object({ sessionId: idSchema });

export type StopImpersonationInput = z.input<typeof inputSchema>;

export async function stopImpersonation(
  { db }: Pick<AppServices, "db">,
  actor: Actor,
  input: StopImpersonationInput,
): Promise<{ stopped: boolean; clientId: string | null }> {
  const { sessionId } = parseInput(inputSchema, input);
  return db.transaction(async (tx) => {
    const [session] = await tx
      .select({ impersonatedClientId: sessions.impersonatedClientId })
      .from(sessions)
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, actor.userId)))
      .for("update");
    if (!session) throw new AppError("not_found", "auth.sessionNotFound");
    const clientId = session.impersonatedClientId;
    if (!clientId) return { stopped: false, clientId: null };
    await tx.update(sessions).set({ impersonatedClientId: null }).where(eq(sessions.id, sessionId));
    const [client] = await tx.select({ id: clients.uuid }).from(clients).where(eq(clients.uuid, clientId));
    await writeAuditLog(tx, actor, {
      action: "impersonation.stop",
      entityType: "client",
      entityId: clientId,
      clientId: client ? clientId : null,
      before: { impersonatedClientId: clientId, sessionId },
      after: { impersonatedClientId: null },
    });
    return { stopped: true, clientId };
  });
}
