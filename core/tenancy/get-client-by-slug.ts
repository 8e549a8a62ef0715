// /studio/{slug} (client-access guard): members of that client and super admins see it; to anyone
// else it does not exist (not_found, never forbidden, so slugs of other clients are not confirmed).
import { type ClientStatus } from "./tenancy-types.ts";
import { and, eq, sql } from "drizzle-orm";
import { clientMembers, clients } from "../../db/schema/tenancy.ts";
import type { Actor, ClientRole } from "../access/actor.ts";
import { AppError } from "../errors.ts";
import { slugSchema } from "../forms/fields.ts";
import type { AppServices } from "../services.ts";

export type ClientDetails = {
  id: string;
  name: string;
  slug: string;
  status: ClientStatus;
  contactEmail: string | null;
  /** staff notes: only for super admins (null for everyone else) */
  notes: string | null;
  createdAt: Date;
  memberCount: number;
  /** the actor's role in this client (super admins: admin) */
  role: ClientRole;
};

export async function getClientBySlug(
  { db }: Pick<AppServices, "db">,
  actor: Actor,
  slug: string,
): Promise<ClientDetails> {
  const parsed = slugSchema.safeParse(slug);
  if (!parsed.success) throw new AppError("not_found", "tenancy.clientNotFound");
  const [row] = await db
    .select({
      id: clients.uuid,
      name: clients.name,
      slug: clients.slug,
      status: clients.status,
      contactEmail: clients.contactEmail,
      notes: clients.notes,
      createdAt: clients.createdAt,
      memberCount:
        sql<number>`(select count(*) from ${clientMembers} where ${clientMembers.clientId} = ${clients.uuid})`.mapWith(
          Number,
        ),
      memberRole: clientMembers.role,
    })
    .from(clients)
    .leftJoin(
      clientMembers,
      and(eq(clientMembers.clientId, clients.uuid), eq(clientMembers.profileId, actor.profileId)),
    )
    .where(eq(clients.slug, parsed.data))
    .limit(1);
  if (!row || (!actor.isSuperAdmin && !row.memberRole))
    throw new AppError("not_found", "tenancy.clientNotFound");
  const { memberRole, ...client } = row;
  return {
    ...client,
    slug: client.slug ?? parsed.data,
    notes: actor.isSuperAdmin ? client.notes : null,
    role: actor.isSuperAdmin ? "admin" : memberRole!,
  };
}
