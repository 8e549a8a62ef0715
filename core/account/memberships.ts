// The clients the signed-in user is a member of, with role and since when (/studio/user/profile).
// For super admins too: their own memberships, not every client they may open.
import { asc, eq, sql } from "drizzle-orm";
import { clientMembers, clients } from "../../db/schema/tenancy.ts";
import type { Actor, ClientRole } from "../access/actor.ts";
import type { AppServices } from "../services.ts";

export type OwnMembership = { clientId: string; name: string; slug: string; role: ClientRole; since: Date };

export async function listOwnMemberships(
  { db }: Pick<AppServices, "db">,
  actor: Actor,
): Promise<OwnMembership[]> {
  return db
    .select({
      clientId: clients.uuid,
      name: clients.name,
      slug: sql<string>`coalesce(${clients.slug}, '')`,
      role: clientMembers.role,
      since: clientMembers.createdAt,
    })
    .from(clientMembers)
    .innerJoin(clients, eq(clients.uuid, clientMembers.clientId))
    .where(eq(clientMembers.profileId, actor.profileId))
    .orderBy(asc(sql`lower(${clients.name})`), asc(clients.uuid));
}

/** The name of a client the actor belongs to (for the "you have left …" message), or null. */
export async function ownClientName(
  services: Pick<AppServices, "db">,
  actor: Actor,
  clientId: string,
): Promise<string | null> {
  const rows = await listOwnMemberships(services, actor);
  return rows.find((row) => row.clientId === clientId)?.name ?? null;
}
