// Client admins (of that client) and super admins invite someone by e-mail with a role, and the
// invitation e-mail goes out from here. The database keeps only the token's SHA-256; the plain token
// is in the e-mail's link (and returned once, never stored). An address with an open invitation to
// this client is refused ("already invited"): resending it or changing its role is its own,
// explicit operation (resend-invitation.ts), never a side effect of inviting again.
import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { integerFromText } from "../forms/numbers.ts";
import { confirmUrl } from "../mail/confirm-url.ts";
import { DEFAULT_LOCALE, type Locale } from "../i18n/locales.ts";
import { MailDeliveryError } from "../mail/mailer.ts";
import type { AppServices } from "../services.ts";
import { users } from "../../db/schema/auth.ts";
import { clientMembers, invitations, profiles } from "../../db/schema/tenancy.ts";
import type { Actor, ClientRole } from "../access/actor.ts";
import { requirePermission } from "../access/permissions.ts";
import { writeAuditLog } from "../audit/write-audit-log.ts";
import { AppError, type ErrorReason } from "../errors.ts";
import { messageRef } from "../i18n/message-ref.ts";
import { assertMembershipAllows, lockClient } from "./client-admins.ts";
import { clientRoleSchema } from "./tenancy-schemas.ts";
import { emailSchema, idSchema } from "../forms/fields.ts";
import { parseInput } from "../shared/input.ts";
import { hashInvitationToken, newInvitationToken } from "./invitation-token.ts";

/** How long an invitation's link works, unless asked otherwise. */
export const INVITATION_TTL_HOURS = 72;

const inputSchema = z.object({
  clientId: idSchema,
  email: emailSchema,
  role: clientRoleSchema,
  ttlHours: integerFromText(
    z
      .number({ error: "validation.numberInvalid" })
      .int({ error: "validation.numberInvalid" })
      .min(1, { error: messageRef("validation.tooSmall", { min: 1 }) })
      .max(24 * 30, { error: messageRef("validation.tooLarge", { max: 24 * 30 }) }),
  ).default(INVITATION_TTL_HOURS),
});

export type InviteMemberInput = z.input<typeof inputSchema> & {
  /** the e-mail's language (the inviter's; the invitee has no account yet) */
  locale?: Locale;
};

/** What inviting needs: the database, the product's e-mails and the base URL of the link. */
export type InviteMemberServices = Pick<AppServices, "db" | "mail" | "config">;

export type InviteMemberResult = {
  invitation: {
    id: string;
    clientId: string;
    clientName: string;
    email: string;
    role: ClientRole;
    expiresAt: Date;
  };
  /** the plain token, for the link in the e-mail: returned here once, never stored */
  token: string;
};

export const ALREADY_MEMBER = "tenancy.alreadyMember" satisfies ErrorReason;
export const ALREADY_INVITED = "tenancy.alreadyInvited" satisfies ErrorReason;

export async function inviteMember(
  services: InviteMemberServices,
  actor: Actor,
  input: InviteMemberInput,
): Promise<InviteMemberResult> {
  const { db } = services;
  const { clientId, email, role, ttlHours } = parseInput(inputSchema, input);
  requirePermission(actor, "members.write", clientId);
  const token = newInvitationToken();
  const tokenHash = hashInvitationToken(token);
  const expiresAt = new Date(Date.now() + ttlHours * 3_600_000);

  const result = await db.transaction(async (tx) => {
    const client = await lockClient(tx, clientId);
    await assertMembershipAllows(tx, actor, clientId, "members.write");
    const [member] = await tx
      .select({ id: clientMembers.id })
      .from(clientMembers)
      .innerJoin(profiles, eq(profiles.id, clientMembers.profileId))
      .innerJoin(users, eq(users.id, profiles.userId))
      .where(and(eq(clientMembers.clientId, clientId), eq(users.email, email)))
      .limit(1);
    if (member)
      throw new AppError("conflict", ALREADY_MEMBER, {
        fieldErrors: { email: messageRef(`error.${ALREADY_MEMBER}`) },
      });

    const [open] = await tx
      .select({ id: invitations.id })
      .from(invitations)
      .where(
        and(eq(invitations.clientId, clientId), eq(invitations.email, email), isNull(invitations.acceptedAt)),
      )
      .limit(1);
    if (open)
      throw new AppError("conflict", ALREADY_INVITED, {
        fieldErrors: { email: messageRef(`error.${ALREADY_INVITED}`) },
      });

    const [created] = await tx
      .insert(invitations)
      .values({ clientId, email, role, tokenHash, expiresAt, invitedBy: actor.profileId })
      .returning({ id: invitations.id });
    const id = created!.id;
    await writeAuditLog(tx, actor, {
      action: "invitation.create",
      entityType: "invitation",
      entityId: id,
      clientId,
      after: { email, role, expiresAt },
    });
    return { invitation: { id, clientId, clientName: client.name, email, role, expiresAt }, token };
  });

  await sendInvitationMail(services, actor, {
    ...result.invitation,
    token,
    locale: input.locale ?? DEFAULT_LOCALE,
  });
  return result;
}

/**
 * The invitation e-mail, in the inviter's language, with the link holding the plain token. A failure
 * is said plainly: the invitation is saved, and resending it sends a new link.
 */
export async function sendInvitationMail(
  services: InviteMemberServices,
  actor: Actor,
  invitation: { email: string; clientName: string; role: ClientRole; token: string; locale: Locale },
) {
  const [inviter] = await services.db
    .select({ name: users.name })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(profiles.id, actor.profileId));
  try {
    await services.mail.invitation({
      to: invitation.email,
      locale: invitation.locale,
      inviterName: inviter?.name ?? "",
      clientName: invitation.clientName,
      role: invitation.role,
      url: confirmUrl(services.config.baseUrl, "invite", invitation.token),
    });
  } catch (error) {
    if (error instanceof MailDeliveryError) throw new AppError("unavailable", "tenancy.invitationMailFailed");
    throw error;
  }
}
