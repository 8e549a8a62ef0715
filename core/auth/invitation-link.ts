// An invitation link (/studio/user/confirm?type=invite): showing it changes nothing; a click on
// "Accept invitation" (a POST) by the signed-in, confirmed owner of the invited address accepts it.
import { eq } from "drizzle-orm";
import { users } from "../../db/schema/auth.ts";
import { invitations, profiles } from "../../db/schema/tenancy.ts";
import { AppError } from "../errors.ts";
import { requestMeta } from "../request-meta.ts";
import type { AppServices } from "../services.ts";
import { acceptInvitation, type AcceptInvitationResult } from "../tenancy/accept-invitation.ts";
import { getInvitationByToken, type InvitationPreview } from "../tenancy/get-invitation-by-token.ts";
import { hashInvitationToken } from "../tenancy/invitation-token.ts";

export type InvitationView = InvitationPreview & { inviterName: string | null };

export async function viewInvitation(
  services: Pick<AppServices, "db">,
  token: string,
): Promise<InvitationView> {
  const preview = await getInvitationByToken(services.db, token);
  const [inviter] = await services.db
    .select({ displayName: profiles.displayName, name: users.name })
    .from(invitations)
    .innerJoin(profiles, eq(profiles.id, invitations.invitedBy))
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(invitations.tokenHash, hashInvitationToken(token.trim())))
    .limit(1);
  return { ...preview, inviterName: inviter ? (inviter.displayName ?? inviter.name) : null };
}

export async function acceptInvitationLink(
  services: Pick<AppServices, "db">,
  who: { profileId: string; email: string; emailVerified: boolean },
  input: { token: string; headers?: Headers },
): Promise<AcceptInvitationResult> {
  // No membership before the address is confirmed.
  if (!who.emailVerified) throw new AppError("forbidden", "auth.unconfirmed");
  const { ip, requestId } = requestMeta(input.headers);
  return acceptInvitation(services.db, {
    token: input.token,
    profileId: who.profileId,
    email: who.email,
    requestId,
    ip,
  });
}
