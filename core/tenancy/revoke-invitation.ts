// Client admins (of that client) and super admins withdraw an invitation that has not been used.
import { z } from "zod";
import { invitations } from "../../db/schema/tenancy.ts";
import type { Actor } from "../access/actor.ts";
import { requirePermission } from "../access/permissions.ts";
import { writeAuditLog } from "../audit/write-audit-log.ts";
import { lockOpenInvitation } from "./lock-open-invitation.ts";
import { assertMembershipAllows } from "./client-admins.ts";
import { idSchema } from "../forms/fields.ts";
import { parseInput } from "../shared/input.ts";
import type { AppServices } from "../services.ts";

const inputSchema = z.object({ clientId: idSchema, invitationId: idSchema });

export type RevokeInvitationInput = z.input<typeof inputSchema>;

export async function revokeInvitation(
  { db }: Pick<AppServices, "db">,
  actor: Actor,
  input: RevokeInvitationInput,
): Promise<void> {
  const { clientId, invitationId } = parseInput(inputSchema, input);
  requirePermission(actor, "members.write", clientId);
  await db.transaction(async (tx) => {
    await assertMembershipAllows(tx, actor, clientId, "members.write");
    const { invitation, where } = await lockOpenInvitation(tx, clientId, invitationId);
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
