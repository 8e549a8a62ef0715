// The signed-in user's own profile settings (/studio/user/profile): display name, locale, colour mode.
// Every change is audited as profile.update with the values before and after.
import { eq } from "drizzle-orm";
import { profiles } from "../../db/schema/tenancy.ts";
import type { Actor } from "../access/actor.ts";
import { writeAuditLog } from "../audit/write-audit-log.ts";
import { AppError } from "../errors.ts";
import type { Locale } from "../i18n/locales.ts";
import type { AppServices } from "../services.ts";
import { PROFILE_NOT_FOUND } from "../tenancy/get-profile.ts";
import type { ColourMode } from "../tenancy/tenancy-types.ts";

export type ProfileSettingsPatch = {
  displayName?: string | null;
  locale?: Locale;
  colourMode?: ColourMode;
  timeZone?: string;
};

/**
 * Updates the actor's own profile. `alsoChanged` records fields changed elsewhere in the same step
 * (the account name, which better-auth keeps) in the same audit row.
 */
export async function updateOwnProfile(
  { db }: Pick<AppServices, "db">,
  actor: Actor,
  patch: ProfileSettingsPatch,
  alsoChanged?: { before: Record<string, unknown>; after: Record<string, unknown> },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        displayName: profiles.displayName,
        locale: profiles.locale,
        colourMode: profiles.colourMode,
        timeZone: profiles.timeZone,
      })
      .from(profiles)
      .where(eq(profiles.id, actor.profileId))
      .for("update");
    if (!current) throw new AppError("not_found", PROFILE_NOT_FOUND);
    const fields = (Object.keys(patch) as (keyof ProfileSettingsPatch)[]).filter(
      (key) => patch[key] !== undefined,
    );
    if (fields.length > 0) {
      await tx.update(profiles).set(patch).where(eq(profiles.id, actor.profileId));
    }
    await writeAuditLog(tx, actor, {
      action: "profile.update",
      entityType: "profile",
      entityId: actor.profileId,
      before: { ...alsoChanged?.before, ...Object.fromEntries(fields.map((key) => [key, current[key]])) },
      after: { ...alsoChanged?.after, ...Object.fromEntries(fields.map((key) => [key, patch[key]])) },
    });
  });
}
