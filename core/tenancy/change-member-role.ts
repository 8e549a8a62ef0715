// Client admins (of that client) and super admins change a member's role; the last admin stays admin.
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { clientMembers } from "../../db/schema/tenancy.ts";
import type { Actor, ClientRole } from "../access/actor.ts";
import { requirePermission } from "../access/permissions.ts";
import { writeAuditLog } from "../audit/write-audit-log.ts";
import { AppError } from "../errors.ts";
import { assertMembershipAllows, assertNotLastAdmin, lockClient } from "./client-admins.ts";
import { clientRoleSchema } from "./tenancy-schemas.ts";
import { idSchema } from "../forms/fields.ts";
import { parseInput } from "../shared/input.ts";
import type { AppServices } from "../services.ts";

const inputSchema = z.object({ clientId: idSchema, profileId: idSchema, role: clientRoleSchema });

export type ChangeMemberRoleInput = z.input<typeof inputSchema>;

export async function changeMemberRole(
  { db }: Pick<AppServices, "db">,
  actor: Actor,
  input: ChangeMemberRoleInput,
): Promise<{ profileId: string; role: ClientRole; changed: boolean }> {
  const { clientId, profileId, role } = parseInput(inputSchema, input);
  requirePermission(actor, "members.write", clientId);
  return db.transaction(async (tx) => {
    await lockClient(tx, clientId);
    await assertMembershipAllows(tx, actor, clientId, "members.write");
    const where = and(eq(clientMembers.clientId, clientId), eq(clientMembers.profileId, profileId));
    const [member] = await tx.select({ role: clientMembers.role }).from(clientMembers).where(where);
    if (!member) throw new AppError("not_found", "tenancy.memberNotFound");
    if (member.role === role) return { profileId, role, changed: false };
    if (role !== "admin") await assertNotLastAdmin(tx, clientId, member.role);
    await tx.update(clientMembers).set({ role }).where(where);
    await writeAuditLog(tx, actor, {
      action: "member.role_change",
      entityType: "member",
      entityId: profileId,
      clientId,
      before: { role: member.role },
      after: { role },
    });
    return { profileId, role, changed: true };
  });
}
