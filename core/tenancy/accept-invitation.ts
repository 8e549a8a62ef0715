// /studio/user/confirm?invitation=…: the signed-in user accepts an invitation. The token must match a
// stored hash, be unused and unexpired, and have been sent to the signed-in user's own e-mail; the
// membership is then created (or, for an existing member, raised to the invited role) in one transaction.
import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import { clientMembers, clients, invitations, profiles } from "../../db/schema/tenancy.ts";
import type { Actor, ClientRole } from "../access/actor.ts";
import { writeAuditLog } from "../audit/write-audit-log.ts";
import { AppError, type ErrorReason } from "../errors.ts";
import { emailSchema, idSchema } from "../forms/fields.ts";
import { parseInput } from "../shared/input.ts";
import { hashInvitationToken } from "./invitation-token.ts";

const inputSchema = z.object({
  token: z
    .string({ error: "error.tenancy.invitationInvalid" })
    .trim()
    .min(16, { error: "error.tenancy.invitationInvalid" })
    .max(200),
  profileId: idSchema,
  email: emailSchema,
  requestId: z.string().optional(),
  ip: z.string().optional(),
});

export type AcceptInvitationInput = z.input<typeof inputSchema>;

export const INVITATION_INVALID = "tenancy.invitationInvalid" satisfies ErrorReason;
export const INVITATION_EXPIRED = "tenancy.invitationExpired" satisfies ErrorReason;
export const INVITATION_USED = "tenancy.invitationUsed" satisfies ErrorReason;
export const INVITATION_OTHER_EMAIL = "tenancy.invitationOtherEmail" satisfies ErrorReason;

const RANK: Record<ClientRole, number> = { viewer: 1, editor: 2, admin: 3 };

export type AcceptInvitationResult = {
  client: { id: string; slug: string; name: string };
  role: ClientRole;
  /** false when the user was already a member (their role is kept if it was higher) */
  joined: boolean;
};

export async function acceptInvitation(
  db: Database,
  input: AcceptInvitationInput,
): Promise<AcceptInvitationResult> {
  const { token, profileId, email, requestId, ip } = parseInput(inputSchema, input);
  const tokenHash = hashInvitationToken(token);
  return db.transaction(async (tx) => {
    const [invitation] = await tx
      .select({
        id: invitations.id,
        clientId: invitations.clientId,
        email: invitations.email,
        role: invitations.role,
        expiresAt: invitations.expiresAt,
        acceptedAt: invitations.acceptedAt,
        invitedBy: invitations.invitedBy,
        clientName: clients.name,
        clientSlug: clients.slug,
      })
      .from(invitations)
      .innerJoin(clients, eq(clients.uuid, invitations.clientId))
      .where(eq(invitations.tokenHash, tokenHash))
      .for("update", { of: invitations });
    if (!invitation) throw new AppError("not_found", INVITATION_INVALID);
    if (invitation.acceptedAt) throw new AppError("invalid_input", INVITATION_USED);
    if (invitation.expiresAt.getTime() <= Date.now()) throw new AppError("invalid_input", INVITATION_EXPIRED);
    if (invitation.email.toLowerCase() !== email) throw new AppError("forbidden", INVITATION_OTHER_EMAIL);

    const [profile] = await tx
      .select({ userId: profiles.userId, isSuperAdmin: profiles.isSuperAdmin })
      .from(profiles)
      .where(eq(profiles.id, profileId));
    if (!profile) throw new AppError("not_found", "tenancy.profileNotFound");

    const now = new Date();
    const [used] = await tx
      .update(invitations)
      .set({ acceptedAt: now })
      .where(and(eq(invitations.id, invitation.id), isNull(invitations.acceptedAt)))
      .returning({ id: invitations.id });
    if (!used) throw new AppError("invalid_input", INVITATION_USED);

    const memberWhere = and(
      eq(clientMembers.clientId, invitation.clientId),
      eq(clientMembers.profileId, profileId),
    );
    const [existing] = await tx.select({ role: clientMembers.role }).from(clientMembers).where(memberWhere);
    let role: ClientRole = invitation.role;
    if (existing) {
      role = RANK[existing.role] >= RANK[invitation.role] ? existing.role : invitation.role;
      await tx.update(clientMembers).set({ role, acceptedAt: now }).where(memberWhere);
    } else {
      await tx.insert(clientMembers).values({
        clientId: invitation.clientId,
        profileId,
        role,
        acceptedAt: now,
        invitedBy: invitation.invitedBy,
      });
    }

    const actor: Actor = {
      userId: profile.userId,
      profileId,
      isSuperAdmin: profile.isSuperAdmin,
      effectiveClientId: invitation.clientId,
      role,
      impersonating: false,
      requestId,
      ip,
    };
    await writeAuditLog(tx, actor, {
      action: "invitation.accept",
      entityType: "invitation",
      entityId: invitation.id,
      clientId: invitation.clientId,
      before: existing ? { role: existing.role } : undefined,
      after: { email, role, joined: !existing },
    });
    return {
      client: { id: invitation.clientId, slug: invitation.clientSlug ?? "", name: invitation.clientName },
      role,
      joined: !existing,
    };
  });
}
