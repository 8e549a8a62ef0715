// Super admins grant or withdraw the super admin flag. The platform always keeps at least one
// active super admin, so the last one cannot remove their own flag.
import { and, eq, isNull, ne } from "drizzle-orm";
import { z } from "zod";
import { profiles } from "../../db/schema/tenancy.ts";
import type { Actor } from "../access/actor.ts";
import { requireSuperAdmin } from "../access/permissions.ts";
import { requireRecentPassword } from "../access/recent-password.ts";
import { writeAuditLog } from "../audit/write-audit-log.ts";
import { AppError, type ErrorReason } from "../errors.ts";
import { idSchema } from "../forms/fields.ts";
import type { AppServices } from "../services.ts";
import { parseInput } from "../shared/input.ts";

const inputSchema = z.object({
  profileId: idSchema,
  isSuperAdmin: z.boolean({ error: "validation.choiceInvalid" }),
});

export type SetSuperAdminInput = z.input<typeof inputSchema>;

export const LAST_SUPER_ADMIN = "tenancy.lastSuperAdmin" satisfies ErrorReason;

export async function setSuperAdmin(
  { db }: Pick<AppServices, "db">,
  actor: Actor,
  input: SetSuperAdminInput,
): Promise<{ profileId: string; isSuperAdmin: boolean; changed: boolean }> {
  requireSuperAdmin(actor);
  requireRecentPassword(actor);
  const { profileId, isSuperAdmin } = parseInput(inputSchema, input);
  return db.transaction(async (tx) => {
    // Lock every super admin row (and the target): concurrent withdrawals see each other.
    const superAdmins = await tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(and(eq(profiles.isSuperAdmin, true), isNull(profiles.disabledAt)))
      .for("update");
    const [target] = await tx
      .select({ isSuperAdmin: profiles.isSuperAdmin })
      .from(profiles)
      .where(eq(profiles.id, profileId))
      .for("update");
    if (!target) throw new AppError("not_found", "tenancy.profileNotFound");
    if (target.isSuperAdmin === isSuperAdmin) return { profileId, isSuperAdmin, changed: false };
    if (!isSuperAdmin && superAdmins.filter((row) => row.id !== profileId).length === 0) {
      throw new AppError("conflict", LAST_SUPER_ADMIN);
    }
    await tx
      .update(profiles)
      // A withdrawal is recorded, so the SUPER_ADMIN_EMAILS bootstrap never grants the flag back.
      .set({ isSuperAdmin, superAdminRevokedAt: isSuperAdmin ? null : new Date() })
      .where(and(eq(profiles.id, profileId), ne(profiles.isSuperAdmin, isSuperAdmin)));
    await writeAuditLog(tx, actor, {
      action: "super_admin.set",
      entityType: "profile",
      entityId: profileId,
      before: { isSuperAdmin: target.isSuperAdmin },
      after: { isSuperAdmin },
    });
    return { profileId, isSuperAdmin, changed: true };
  });
}
