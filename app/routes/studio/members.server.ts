// Member management (invite, change role, remove, resend or revoke an invitation), shared by the client page
// (client admins) and the client configuration page (super admins). Each intent parses the form with
// its core schema and calls one core operation, which checks permission, audits and sends the mail.
import { messageRef } from "../../../core/i18n/message-ref.ts";
import type { AppServices } from "../../../core/services.ts";
import { changeMemberRole } from "../../../core/tenancy/change-member-role.ts";
import {
  changeMemberRoleSchema,
  inviteMemberSchema,
  removeMemberSchema,
  resendInvitationSchema,
  revokeInvitationSchema,
} from "../../../core/tenancy/tenancy-schemas.ts";
import { inviteMember } from "../../../core/tenancy/invite-member.ts";
import type { InvitationRow } from "../../../core/tenancy/list-invitations.ts";
import type { MemberRow } from "../../../core/tenancy/list-members.ts";
import { removeMember } from "../../../core/tenancy/remove-member.ts";
import { resendInvitation } from "../../../core/tenancy/resend-invitation.ts";
import { revokeInvitation } from "../../../core/tenancy/revoke-invitation.ts";
import { runForm, successToast } from "../../lib/form-action.server.ts";
import { requestLocale } from "../../lib/request-locale.server.ts";
import type { StudioSession } from "../../lib/studio-session.server.ts";

export const MEMBER_INTENTS = [
  "invite",
  "change-role",
  "remove-member",
  "resend-invitation",
  "revoke-invitation",
] as const;
export type MemberIntent = (typeof MEMBER_INTENTS)[number];

/** The members and open invitations as the members panel shows them (plain JSON). */
export function memberViews(members: MemberRow[], invitations: InvitationRow[]) {
  return {
    members: members.map((m) => ({
      profileId: m.profileId,
      name: m.name,
      email: m.email,
      role: m.role,
      lastSignInAt: m.lastSignInAt?.toISOString() ?? null,
      disabled: m.disabled,
    })),
    invitations: invitations.map((i) => ({
      id: i.id,
      email: i.email,
      role: i.role,
      status: i.status,
      expiresAt: i.expiresAt.toISOString(),
    })),
  };
}

const saved = () => ({ toast: { kind: "success" as const, message: messageRef("studio.members.saved") } });

export async function handleMembersAction(
  services: AppServices,
  session: StudioSession,
  request: Request,
  intent: MemberIntent,
  form: FormData,
  clientId: string,
) {
  const { actor } = session;
  switch (intent) {
    case "invite":
      return runForm(
        intent,
        form,
        inviteMemberSchema,
        (value) =>
          inviteMember(services, actor, {
            ...value,
            clientId,
            locale: requestLocale(request, services.i18n.offered),
          }),
        (result) => ({
          toast: {
            kind: "success",
            message: messageRef("studio.members.invited", { email: result.invitation.email }),
          },
          resetForm: true,
          // the form offers the same role for the next invitation
          payload: { role: result.invitation.role },
        }),
      );
    case "change-role":
      return runForm(
        intent,
        form,
        changeMemberRoleSchema,
        (value) => changeMemberRole(services, actor, { ...value, clientId }),
        saved,
        { toastOnError: true },
      );
    case "remove-member":
      return runForm(
        intent,
        form,
        removeMemberSchema,
        (value) => removeMember(services, actor, { ...value, clientId }),
        saved,
        { toastOnError: true },
      );
    case "resend-invitation":
      return runForm(
        intent,
        form,
        resendInvitationSchema,
        (value) =>
          resendInvitation(services, actor, {
            ...value,
            clientId,
            locale: requestLocale(request, services.i18n.offered),
          }),
        (result) =>
          successToast("studio.members.resent", {
            email: result.invitation.email,
          }),
        { toastOnError: true },
      );
    case "revoke-invitation":
      return runForm(
        intent,
        form,
        revokeInvitationSchema,
        (value) => revokeInvitation(services, actor, { ...value, clientId }),
        saved,
        { toastOnError: true },
      );
  }
}
