// Creates the profile on first sign-up / sign-in (idempotent). A user whose e-mail is in the bootstrap
// list (SUPER_ADMIN_EMAILS) becomes super admin only once the address is confirmed, and never again after
// a super admin withdrew the flag (superAdminRevokedAt); this never switches the flag off.
import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import { profiles } from "../../db/schema/tenancy.ts";
import type { Actor } from "../access/actor.ts";
import { writeAuditLog } from "../audit/write-audit-log.ts";
import { emailSchema, idSchema } from "../forms/fields.ts";
import { parseInput } from "../shared/input.ts";
import type { Profile } from "./tenancy-types.ts";

const inputSchema = z.object({
  userId: idSchema,
  email: emailSchema,
  superAdminEmails: z.array(z.string()).default([]),
  /** the address is confirmed (no privilege before that) */
  confirmed: z.boolean().default(false),
  requestId: z.string().optional(),
  ip: z.string().optional(),
});

export type EnsureProfileInput = z.input<typeof inputSchema>;

export async function ensureProfile(
  db: Database,
  input: EnsureProfileInput,
): Promise<Profile & { created: boolean }> {
  const { userId, email, superAdminEmails, confirmed, requestId, ip } = parseInput(inputSchema, input);
  const bootstrap =
    confirmed && superAdminEmails.some((candidate) => candidate.trim().toLowerCase() === email);
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(profiles)
      .values({ userId, isSuperAdmin: bootstrap })
      .onConflictDoNothing({ target: profiles.userId })
      .returning({ id: profiles.id, user_id: profiles.userId, is_super_admin: profiles.isSuperAdmin });
    const self = (profile: Profile): Actor => ({
      userId,
      profileId: profile.id,
      isSuperAdmin: profile.is_super_admin,
      effectiveClientId: null,
      role: null,
      impersonating: false,
      requestId,
      ip,
    });
    if (inserted) {
      await writeAuditLog(tx, self(inserted), {
        action: "profile.create",
        entityType: "profile",
        entityId: inserted.id,
        after: { userId, isSuperAdmin: inserted.is_super_admin },
      });
      return { ...inserted, created: true };
    }
    const [found] = await tx
      .select({
        id: profiles.id,
        user_id: profiles.userId,
        is_super_admin: profiles.isSuperAdmin,
        revokedAt: profiles.superAdminRevokedAt,
      })
      .from(profiles)
      .where(eq(profiles.userId, userId));
    if (!found) throw new Error(`ensureProfile: no profile for user ${userId} after insert`);
    const { revokedAt, ...existing } = found;
    if (bootstrap && !existing.is_super_admin && !revokedAt) {
      const [promoted] = await tx
        .update(profiles)
        .set({ isSuperAdmin: true })
        .where(
          and(
            eq(profiles.id, existing.id),
            eq(profiles.isSuperAdmin, false),
            isNull(profiles.superAdminRevokedAt),
          ),
        )
        .returning({ id: profiles.id, user_id: profiles.userId, is_super_admin: profiles.isSuperAdmin });
      if (promoted) {
        await writeAuditLog(tx, self(promoted), {
          action: "super_admin.bootstrap",
          entityType: "profile",
          entityId: promoted.id,
          before: { isSuperAdmin: false },
          after: { isSuperAdmin: true },
        });
        return { ...promoted, created: false };
      }
    }
    return { ...existing, created: false };
  });
}
