// Super admins disable (or re-enable) a user. Disabling signs them out everywhere (their sessions
// are deleted). Nobody disables themselves, and the last active super admin stays enabled.
import { and, eq, isNull, ne } from "drizzle-orm";
import { z } from "zod";
import { sessions } from "../../db/schema/auth.ts";
import { profiles } from "../../db/schema/tenancy.ts";
import type { Actor } from "../access/actor.ts";
import { requireSuperAdmin } from "../access/permissions.ts";
import { requireRecentPassword } from "../access/recent-password.ts";
import { writeAuditLog } from "../audit/write-audit-log.ts";
import { AppError, type ErrorReason } from "../errors.ts";
import { idSchema } from "../forms/fields.ts";
import { parseInput } from "../shared/input.ts";
import type { AppServices } from "../services.ts";

const inputSchema = z.object({
  profileId: idSchema,
  disabled: z.boolean({ error: "validation.choiceInvalid" }),
});

export type SetUserDisabledInput = z.input<typeof inputSchema>;

export const KEEP_ONE_SUPER_ADMIN = "tenancy.keepOneSuperAdmin" satisfies ErrorReason;
export const CANNOT_DISABLE_SELF = "tenancy.cannotDisableSelf" satisfies ErrorReason;

export async function setUserDisabled(
  { db }: Pick<AppServices, "db">,
  actor: Actor,
  input: SetUserDisabledInput,
): Promise<{ profileId: string; disabledAt: Date | null; sessionsEnded: number; changed: boolean }> {
  requireSuperAdmin(actor);
  requireRecentPassword(actor);
  const { profileId, disabled } = parseInput(inputSchema, input);
  if (disabled && profileId === actor.profileId) throw new AppError("conflict", CANNOT_DISABLE_SELF);
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select({
        userId: profiles.userId,
        isSuperAdmin: profiles.isSuperAdmin,
        disabledAt: profiles.disabledAt,
      })
      .from(profiles)
      .where(eq(profiles.id, profileId))
      .for("update");
    if (!target) throw new AppError("not_found", "tenancy.profileNotFound");
    if (Boolean(target.disabledAt) === disabled)
      return { profileId, disabledAt: target.disabledAt, sessionsEnded: 0, changed: false };
    if (disabled && target.isSuperAdmin) {
      const others = await tx
        .select({ id: profiles.id })
        .from(profiles)
        .where(and(eq(profiles.isSuperAdmin, true), isNull(profiles.disabledAt), ne(profiles.id, profileId)))
        .for("update");
      if (others.length === 0) throw new AppError("conflict", KEEP_ONE_SUPER_ADMIN);
    }
    const disabledAt = disabled ? new Date() : null;
    await tx.update(profiles).set({ disabledAt }).where(eq(profiles.id, profileId));
    const ended = disabled
      ? await tx.delete(sessions).where(eq(sessions.userId, target.userId)).returning({ id: sessions.id })
      : [];
    await writeAuditLog(tx, actor, {
      action: disabled ? "user.disable" : "user.enable",
      entityType: "profile",
      entityId: profileId,
      before: { disabledAt: target.disabledAt },
      after: { disabledAt, sessionsEnded: ended.length },
    });
    return { profileId, disabledAt, sessionsEnded: ended.length, changed: true };
  });
}
