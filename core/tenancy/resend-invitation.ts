// Client admins (of that client) and super admins send an open invitation again: a new link (the old
// one stops working), a new expiry, and the role it had unless another is asked for explicitly. The
// e-mail goes out from here, as for a new invitation.
import { z } from "zod";
import { invitations } from "../../db/schema/tenancy.ts";
import type { Actor, ClientRole } from "../access/actor.ts";
import { requirePermission } from "../access/permissions.ts";
import { writeAuditLog } from "../audit/write-audit-log.ts";
import { DEFAULT_LOCALE, type Locale } from "../i18n/locales.ts";
import { lockOpenInvitation } from "./lock-open-invitation.ts";
import { assertMembershipAllows, lockClient } from "./client-admins.ts";
import { clientRoleSchema } from "./tenancy-schemas.ts";
import { idSchema } from "../forms/fields.ts";
import { parseInput } from "../shared/input.ts";
import { hashInvitationToken, newInvitationToken } from "./invitation-token.ts";
import { INVITATION_TTL_HOURS, sendInvitationMail, type InviteMemberServices } from "./invite-member.ts";

const inputSchema = z.object({
  clientId: idSchema,
  invitationId: idSchema,
  /** absent: the invitation keeps its role */
  role: clientRoleSchema.optional(),
});

export type ResendInvitationInput = z.input<typeof inputSchema> & {
  /** the e-mail's language (the sender's; the invitee has no account yet) */
  locale?: Locale;
};

export type ResendInvitationResult = {
  invitation: { id: string; email: string; role: ClientRole; expiresAt: Date };
  /** the plain token, for the link in the e-mail: returned here once, never stored */
  token: string;
};

export async function resendInvitation(
  services: InviteMemberServices,
  actor: Actor,
  input: ResendInvitationInput,
): Promise<ResendInvitationResult> {
  const { clientId, invitationId, role: askedRole } = parseInput(inputSchema, input);
  requirePermission(actor, "members.write", clientId);
  const token = newInvitationToken();
  const expiresAt = new Date(Date.now() + INVITATION_TTL_HOURS * 3_600_000);

  const result = await services.db.transaction(async (tx) => {
    const client = await lockClient(tx, clientId);
    await assertMembershipAllows(tx, actor, clientId, "members.write");
    const { invitation, where } = await lockOpenInvitation(tx, clientId, invitationId);
    const role = askedRole ?? invitation.role;
    await tx
      .update(invitations)
      .set({ tokenHash: hashInvitationToken(token), role, expiresAt, invitedBy: actor.profileId })
      .where(where);
    await writeAuditLog(tx, actor, {
      action: "invitation.resend",
      entityType: "invitation",
      entityId: invitationId,
      clientId,
      before: { role: invitation.role, expiresAt: invitation.expiresAt },
      after: { email: invitation.email, role, expiresAt },
    });
    return {
      invitation: { id: invitationId, email: invitation.email, role, expiresAt },
      clientName: client.name,
    };
  });

  await sendInvitationMail(services, actor, {
    email: result.invitation.email,
    clientName: result.clientName,
    role: result.invitation.role,
    token,
    locale: input.locale ?? DEFAULT_LOCALE,
  });
  return { invitation: result.invitation, token };
}
