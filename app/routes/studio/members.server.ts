// Member management (change role, remove, invite, revoke), shared by the client page (client admins)
// and the clients configuration page (super admins). Core checks every permission itself.
import { data } from "react-router";
import { confirmUrl } from "../../../core/auth/create-auth.ts";
import { isAppError } from "../../../core/errors.ts";
import type { AppServices } from "../../../core/services.ts";
import { changeMemberRole } from "../../../core/tenancy/change-member-role.ts";
import { inviteMember } from "../../../core/tenancy/invite-member.ts";
import { removeMember } from "../../../core/tenancy/remove-member.ts";
import { revokeInvitation } from "../../../core/tenancy/revoke-invitation.ts";
import type { StudioSession } from "../../lib/studio-session.server.ts";
import { requestLocale } from "../../lib/request-locale.server.ts";

export type MembersActionResult = {
  ok: boolean;
  intent: string;
  message?: string;
  /** on failure, the same text as `message`: what the shared confirm dialog shows */
  error?: string;
  fieldErrors?: Record<string, string>;
};

/** A refusal: `message` for the members panel, `error` for the shared confirm dialog. */
function failure(intent: string, message: string, status: number, fieldErrors?: Record<string, string>) {
  return data<MembersActionResult>({ ok: false, intent, message, error: message, fieldErrors }, { status });
}

export async function handleMembersAction(
  services: AppServices,
  session: StudioSession,
  request: Request,
  form: FormData,
  clientId: string,
) {
  const intent = String(form.get("intent") ?? "");
  const { actor } = session;
  try {
    switch (intent) {
      case "change-role":
        await changeMemberRole(services.db, actor, {
          clientId,
          profileId: String(form.get("profileId") ?? ""),
          role: String(form.get("role") ?? "") as "admin",
        });
        return data<MembersActionResult>({ ok: true, intent });
      case "remove-member":
        await removeMember(services.db, actor, { clientId, profileId: String(form.get("profileId") ?? "") });
        return data<MembersActionResult>({ ok: true, intent });
      case "invite": {
        const result = await inviteMember(services.db, actor, {
          clientId,
          email: String(form.get("email") ?? ""),
          role: String(form.get("role") ?? "") as "viewer",
        });
        await services.mail.invitation({
          to: result.invitation.email,
          locale: requestLocale(request),
          inviterName: session.user.name,
          clientName: result.invitation.clientName,
          role: result.invitation.role,
          url: confirmUrl(services.config.baseUrl, "invite", result.token),
        });
        return data<MembersActionResult>({ ok: true, intent, message: result.invitation.email });
      }
      case "revoke-invitation":
        await revokeInvitation(services.db, actor, {
          clientId,
          invitationId: String(form.get("invitationId") ?? ""),
        });
        return data<MembersActionResult>({ ok: true, intent });
      default:
        return failure(intent, "Unknown action.", 400);
    }
  } catch (error) {
    if (isAppError(error)) {
      return failure(intent, error.message, error.status, error.fieldErrors);
    }
    if (error instanceof Error && error.name === "MailDeliveryError") {
      return failure(intent, "The invitation was saved but the e-mail could not be sent. Try again.", 503);
    }
    throw error;
  }
}
