// A member leaves a client (/studio/user/profile → memberships). The last admin cannot leave.
import { and, eq } from "drizzle-orm";
import { clientMembers } from "../../db/schema/tenancy.ts";
import type { Actor } from "../access/actor.ts";
import { writeAuditLog } from "../audit/write-audit-log.ts";
import { AppError, type ErrorReason } from "../errors.ts";
import { assertNotLastAdmin, lockClient } from "./client-admins.ts";
import { idSchema } from "../forms/fields.ts";
import type { AppServices } from "../services.ts";
import { parseInput } from "../shared/input.ts";

const NOT_A_MEMBER = "tenancy.notMember" satisfies ErrorReason;

export const LAST_ADMIN_LEAVING = "tenancy.lastAdminLeaving" satisfies ErrorReason;

export async function leaveClient(
  { db }: Pick<AppServices, "db">,
  actor: Actor,
  clientId: string,
): Promise<void> {
  const id = parseInput(idSchema, clientId);
  await db.transaction(async (tx) => {
    const where = and(eq(clientMembers.clientId, id), eq(clientMembers.profileId, actor.profileId));
    // Membership first: to a non-member every client looks the same (not found).
    const [found] = await tx.select({ role: clientMembers.role }).from(clientMembers).where(where);
    if (!found) throw new AppError("not_found", NOT_A_MEMBER);
    await lockClient(tx, id);
    // Read again under the client lock: the role may have changed in between.
    const [member] = await tx.select({ role: clientMembers.role }).from(clientMembers).where(where);
    if (!member) throw new AppError("not_found", NOT_A_MEMBER);
    await assertNotLastAdmin(tx, id, member.role, LAST_ADMIN_LEAVING);
    await tx.delete(clientMembers).where(where);
    await writeAuditLog(tx, actor, {
      action: "member.leave",
      entityType: "member",
      entityId: actor.profileId,
      clientId: id,
      before: { role: member.role },
    });
  });
}
