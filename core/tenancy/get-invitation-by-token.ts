// For /studio/user/confirm before (or without) signing in: what an invitation link is about and whether
// it can still be used, so the page can say "expired" or "already used" and offer the right next step.
// Only the holder of the token learns anything; an unknown token is simply not found.
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { clients, invitations } from "../../db/schema/tenancy.ts";
import type { ClientRole } from "../access/actor.ts";
import { AppError } from "../errors.ts";
import { INVITATION_INVALID } from "./accept-invitation.ts";
import { hashInvitationToken } from "./invitation-token.ts";

export type InvitationPreview = {
  clientName: string;
  email: string;
  role: ClientRole;
  expiresAt: Date;
  status: "pending" | "expired" | "accepted";
};

export async function getInvitationByToken(db: Database, token: string): Promise<InvitationPreview> {
  const trimmed = typeof token === "string" ? token.trim() : "";
  if (trimmed.length < 16 || trimmed.length > 200) throw new AppError("not_found", INVITATION_INVALID);
  const [row] = await db
    .select({
      clientName: clients.name,
      email: invitations.email,
      role: invitations.role,
      expiresAt: invitations.expiresAt,
      acceptedAt: invitations.acceptedAt,
    })
    .from(invitations)
    .innerJoin(clients, eq(clients.uuid, invitations.clientId))
    .where(eq(invitations.tokenHash, hashInvitationToken(trimmed)))
    .limit(1);
  if (!row) throw new AppError("not_found", INVITATION_INVALID);
  const { acceptedAt, ...preview } = row;
  const status = acceptedAt ? "accepted" : row.expiresAt.getTime() <= Date.now() ? "expired" : "pending";
  return { ...preview, status };
}
