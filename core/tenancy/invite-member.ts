// Client admins (of that client) and super admins invite someone by e-mail with a role, and the
// invitation e-mail goes out from here. The database keeps only the token's SHA-256; the plain token
// is in the e-mail's link (and returned once, never stored). Inviting an e-mail that already has a
// pending invitation to this client replaces its token, so the older link stops working.
import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import { confirmUrl } from "../auth/create-auth.ts";
import { DEFAULT_LOCALE, type Locale } from "../i18n/locales.ts";
import { MailDeliveryError } from "../mail/mailer.ts";
import type { MailSender } from "../mail/send-mail.ts";
import type { PublicConfig } from "../services.ts";
import { users } from "../../db/schema/auth.ts";
import { clientMembers, invitations, profiles } from "../../db/schema/tenancy.ts";
import type { Actor, ClientRole } from "../access/actor.ts";
import { requirePermission } from "../access/permissions.ts";
import { writeAuditLog } from "../audit/write-audit-log.ts";
import { AppError, type ErrorReason } from "../errors.ts";
import { messageRef } from "../i18n/message-ref.ts";
import { assertMembershipAllows, lockClient } from "./client-admins.ts";
import { clientRoleSchema, emailSchema, idSchema, parseInput } from "./input.ts";
import { hashInvitationToken, newInvitationToken } from "./invitation-token.ts";

const inputSchema = z.object({
  clientId: idSchema,
  email: emailSchema,
  role: clientRoleSchema,
  ttlHours: z.coerce
    .number()
    .int({ error: "validation.numberInvalid" })
    .min(1, { error: messageRef("validation.tooSmall", { min: 1 }) })
    .max(24 * 30, { error: messageRef("validation.tooLarge", { max: 24 * 30 }) })
    .default(72),
});

export type InviteMemberInput = z.input<typeof inputSchema> & {
  /** the e-mail's language (the inviter's; the invitee has no account yet) */
  locale?: Locale;
};

/** What inviting needs: the database, the product's e-mails and the base URL of the link. */
export type InviteMemberServices = {
  db: Database;
  mail: Pick<MailSender, "invitation">;
  config: Pick<PublicConfig, "baseUrl">;
};

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
  /** true when a pending invitation for this e-mail was replaced (its old link no longer works) */
  replaced: boolean;
};

export const ALREADY_MEMBER = "tenancy.alreadyMember" satisfies ErrorReason;

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

    const pendingWhere = and(
      eq(invitations.clientId, clientId),
      eq(invitations.email, email),
      isNull(invitations.acceptedAt),
    );
    const pending = await tx
      .select({ id: invitations.id, role: invitations.role, expiresAt: invitations.expiresAt })
      .from(invitations)
      .where(pendingWhere)
      .orderBy(invitations.createdAt);
    const [keep, ...extra] = pending;
    let id: string;
    if (keep) {
      await tx
        .update(invitations)
        .set({ tokenHash, role, expiresAt, invitedBy: actor.profileId })
        .where(eq(invitations.id, keep.id));
      for (const old of extra) await tx.delete(invitations).where(eq(invitations.id, old.id));
      id = keep.id;
    } else {
      const [created] = await tx
        .insert(invitations)
        .values({ clientId, email, role, tokenHash, expiresAt, invitedBy: actor.profileId })
        .returning({ id: invitations.id });
      id = created!.id;
    }
    await writeAuditLog(tx, actor, {
      action: "invitation.create",
      entityType: "invitation",
      entityId: id,
      clientId,
      before: keep ? { role: keep.role, expiresAt: keep.expiresAt } : undefined,
      after: { email, role, expiresAt, replaced: Boolean(keep) },
    });
    return {
      invitation: { id, clientId, clientName: client.name, email, role, expiresAt },
      token,
      replaced: Boolean(keep),
    };
  });

  const [inviter] = await db
    .select({ name: users.name })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(profiles.id, actor.profileId));
  try {
    await services.mail.invitation({
      to: email,
      locale: input.locale ?? DEFAULT_LOCALE,
      inviterName: inviter?.name ?? "",
      clientName: result.invitation.clientName,
      role,
      url: confirmUrl(services.config.baseUrl, "invite", token),
    });
  } catch (error) {
    // The invitation is saved; inviting again sends a new link (and retires this one).
    if (error instanceof MailDeliveryError) throw new AppError("unavailable", "tenancy.invitationMailFailed");
    throw error;
  }
  return result;
}
