// Client admins (of that client) and super admins remove a member; the last admin cannot be removed.
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { clientMembers } from "../../db/schema/tenancy.ts";
import type { Actor } from "../access/actor.ts";
import { requirePermission } from "../access/permissions.ts";
import { writeAuditLog } from "../audit/write-audit-log.ts";
import { AppError } from "../errors.ts";
import { assertMembershipAllows, assertNotLastAdmin, lockClient } from "./client-admins.ts";
import { idSchema } from "../forms/fields.ts";
import { parseInput } from "../shared/input.ts";
import type { AppServices } from "../services.ts";

const inputSchema = z.object({ clientId: idSchema, profileId: idSchema });

export type RemoveMemberInput = z.input<typeof inputSchema>;

export async function removeMember(
  { db }: Pick<AppServices, "db">,
  actor: Actor,
  input: RemoveMemberInput,
): Promise<void> {
  const { clientId, profileId } = parseInput(inputSchema, input);
  requirePermission(actor, "members.write", clientId);
  await db.transaction(async (tx) => {
    await lockClient(tx, clientId);
    await assertMembershipAllows(tx, actor, clientId, "members.write");
    const where = and(eq(clientMembers.clientId, clientId), eq(clientMembers.profileId, profileId));
    const [member] = await tx
      .select({ role: clientMembers.role, acceptedAt: clientMembers.acceptedAt })
      .from(clientMembers)
      .where(where);
    if (!member) throw new AppError("not_found", "tenancy.memberNotFound");
    await assertNotLastAdmin(tx, clientId, member.role);
    await tx.delete(clientMembers).where(where);
    await writeAuditLog(tx, actor, {
      action: "member.remove",
      entityType: "member",
      entityId: profileId,
      clientId,
      before: { role: member.role, acceptedAt: member.acceptedAt },
    });
  });
}
