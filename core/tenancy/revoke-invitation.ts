// Client admins (of that client) and super admins withdraw an invitation that has not been used.
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import { invitations } from "../../db/schema/tenancy.ts";
import type { Actor } from "../access/actor.ts";
import { requirePermission } from "../access/permissions.ts";
import { writeAuditLog } from "../audit/write-audit-log.ts";
import { AppError } from "../errors.ts";
import { assertMembershipAllows } from "./client-admins.ts";
import { idSchema, parseInput } from "./input.ts";

const inputSchema = z.object({ clientId: idSchema, invitationId: idSchema });

export type RevokeInvitationInput = z.input<typeof inputSchema>;

export async function revokeInvitation(
  { db }: { db: Database },
  actor: Actor,
  input: RevokeInvitationInput,
): Promise<void> {
  const { clientId, invitationId } = parseInput(inputSchema, input);
  requirePermission(actor, "members.write", clientId);
  await db.transaction(async (tx) => {
    await assertMembershipAllows(tx, actor, clientId, "members.write");
    const where = and(eq(invitations.id, invitationId), eq(invitations.clientId, clientId));
    const [invitation] = await tx
      .select({
        email: invitations.email,
        role: invitations.role,
        expiresAt: invitations.expiresAt,
        acceptedAt: invitations.acceptedAt,
      })
      .from(invitations)
      .where(where)
      .for("update");
    if (!invitation) throw new AppError("not_found", "tenancy.invitationNotFound");
    if (invitation.acceptedAt) throw new AppError("conflict", "tenancy.invitationUsed");
    await tx.delete(invitations).where(where);
    await writeAuditLog(tx, actor, {
      action: "invitation.revoke",
      entityType: "invitation",
      entityId: invitationId,
      clientId,
      before: { email: invitation.email, role: invitation.role, expiresAt: invitation.expiresAt },
    });
  });
}
