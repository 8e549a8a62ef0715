// The members of a client, for its viewers, editors and admins (and super admins): name, e-mail,
// role, when they accepted, last sign-in.
import { asc, eq, sql } from "drizzle-orm";
import { users } from "../../db/schema/auth.ts";
import { clientMembers, clients, profiles } from "../../db/schema/tenancy.ts";
import type { Actor, ClientRole } from "../access/actor.ts";
import { requirePermission } from "../access/permissions.ts";
import { AppError } from "../errors.ts";
import { idSchema } from "../forms/fields.ts";
import { parseInput } from "../shared/input.ts";
import type { AppServices } from "../services.ts";

export type MemberRow = {
  profileId: string;
  userId: string;
  name: string;
  email: string;
  role: ClientRole;
  acceptedAt: Date | null;
  lastSignInAt: Date | null;
  joinedAt: Date;
  disabled: boolean;
};

export async function listMembers(
  { db }: Pick<AppServices, "db">,
  actor: Actor,
  clientId: string,
): Promise<MemberRow[]> {
  const id = parseInput(idSchema, clientId);
  requirePermission(actor, "client.view", id);
  const [client] = await db.select({ id: clients.uuid }).from(clients).where(eq(clients.uuid, id));
  if (!client) throw new AppError("not_found", "tenancy.clientNotFound");
  const name = sql<string>`coalesce(nullif(${profiles.displayName}, ''), ${users.name})`;
  return db
    .select({
      profileId: profiles.id,
      userId: users.id,
      name,
      email: users.email,
      role: clientMembers.role,
      acceptedAt: clientMembers.acceptedAt,
      lastSignInAt: profiles.lastSignInAt,
      joinedAt: clientMembers.createdAt,
      disabled: sql<boolean>`${profiles.disabledAt} is not null`,
    })
    .from(clientMembers)
    .innerJoin(profiles, eq(profiles.id, clientMembers.profileId))
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(clientMembers.clientId, id))
    .orderBy(asc(sql`lower(${name})`), asc(users.email));
}
