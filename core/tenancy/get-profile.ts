// Select id, user_id, is_super_admin from profiles where user_id = … (at most one row).
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { profiles } from "../../db/schema/tenancy.ts";
import { AppError, type ErrorReason } from "../errors.ts";
import { idSchema } from "../forms/fields.ts";
import type { Profile, ProfileDetails } from "./tenancy-types.ts";

/** The exact text when a user has no profile. */
export const PROFILE_NOT_FOUND = "tenancy.profileNotFound" satisfies ErrorReason;

export async function getProfile(db: Database, userId: string): Promise<Profile> {
  if (!idSchema.safeParse(userId).success) throw new AppError("not_found", PROFILE_NOT_FOUND);
  const [row] = await db
    .select({ id: profiles.id, user_id: profiles.userId, is_super_admin: profiles.isSuperAdmin })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .limit(1);
  if (!row) throw new AppError("not_found", PROFILE_NOT_FOUND);
  return row;
}

/** getProfile plus the settings the studio shows (display name, locale, colour mode, disabled, last sign-in). */
export async function getProfileDetails(db: Database, userId: string): Promise<ProfileDetails> {
  if (!idSchema.safeParse(userId).success) throw new AppError("not_found", PROFILE_NOT_FOUND);
  const [row] = await db
    .select({
      id: profiles.id,
      user_id: profiles.userId,
      is_super_admin: profiles.isSuperAdmin,
      displayName: profiles.displayName,
      locale: profiles.locale,
      colourMode: profiles.colourMode,
      timeZone: profiles.timeZone,
      disabledAt: profiles.disabledAt,
      lastSignInAt: profiles.lastSignInAt,
    })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .limit(1);
  if (!row) throw new AppError("not_found", PROFILE_NOT_FOUND);
  return row;
}
