// A client's invitations for its admins (and super admins): open ones by default, or all.
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { z } from "zod";
import { users } from "../../db/schema/auth.ts";
import { clients, invitations, profiles } from "../../db/schema/tenancy.ts";
import type { Actor, ClientRole } from "../access/actor.ts";
import { requirePermission } from "../access/permissions.ts";
import { AppError } from "../errors.ts";
import { idSchema } from "../forms/fields.ts";
import { parseInput } from "../shared/input.ts";
import type { AppServices } from "../services.ts";

const inputSchema = z.object({
  clientId: idSchema,
  /** open: not yet accepted (pending or expired); all: also the accepted ones */
  status: z.enum(["open", "all"]).default("open"),
});

export type ListInvitationsInput = z.input<typeof inputSchema>;

export type InvitationRow = {
  id: string;
  email: string;
  role: ClientRole;
  status: "pending" | "expired" | "accepted";
  expiresAt: Date;
  acceptedAt: Date | null;
  /** when the current link was sent (a re-invite renews it) */
  sentAt: Date;
  invitedByName: string | null;
};

export async function listInvitations(
  { db }: Pick<AppServices, "db">,
  actor: Actor,
  input: ListInvitationsInput,
): Promise<InvitationRow[]> {
  const { clientId, status } = parseInput(inputSchema, input);
  requirePermission(actor, "members.write", clientId);
  const [client] = await db.select({ id: clients.uuid }).from(clients).where(eq(clients.uuid, clientId));
  if (!client) throw new AppError("not_found", "tenancy.clientNotFound");
  const inviter = alias(profiles, "inviter");
  const inviterUser = alias(users, "inviter_user");
  const rows = await db
    .select({
      id: invitations.id,
      email: invitations.email,
      role: invitations.role,
      expiresAt: invitations.expiresAt,
      acceptedAt: invitations.acceptedAt,
      sentAt: invitations.updatedAt,
      invitedByName: sql<string | null>`coalesce(nullif(${inviter.displayName}, ''), ${inviterUser.name})`,
    })
    .from(invitations)
    .leftJoin(inviter, eq(inviter.id, invitations.invitedBy))
    .leftJoin(inviterUser, eq(inviterUser.id, inviter.userId))
    .where(
      and(eq(invitations.clientId, clientId), status === "open" ? isNull(invitations.acceptedAt) : undefined),
    )
    .orderBy(desc(invitations.updatedAt), invitations.email);
  const now = Date.now();
  return rows.map((row) => ({
    ...row,
    status: row.acceptedAt ? "accepted" : row.expiresAt.getTime() <= now ? "expired" : "pending",
  }));
}
