// An invitation of one client that is still open, locked for the change about to be made to it
// (withdrawn, sent again): unknown or another client's is "not found", an accepted one is "used".
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { invitations } from "../../db/schema/tenancy.ts";
import { AppError } from "../errors.ts";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export async function lockOpenInvitation(tx: Transaction, clientId: string, invitationId: string) {
  const where = and(eq(invitations.id, invitationId), eq(invitations.clientId, clientId));
  const [invitation] = await tx
    .select({
      email: invitations.email,
      role: invitations.role,
      expiresAt: invitations.expiresAt,
      acceptedAt: invitations.acceptedAt,
    })
    .from(invitations)
    .where(where)
    .for("update");
  if (!invitation) throw new AppError("not_found", "tenancy.invitationNotFound");
  if (invitation.acceptedAt) throw new AppError("conflict", "tenancy.invitationUsed");
  return { invitation, where };
}
