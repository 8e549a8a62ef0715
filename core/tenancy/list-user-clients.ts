// A super admin's list is every client (role admin); anyone else's is the
// user_clients view for their profile. Ordered by name (case-insensitive, then id for stability).
import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { clients, userClients } from "../../db/schema/tenancy.ts";
import type { Profile, UserClient } from "./tenancy-types.ts";

/** The exact text when the client list is asked for without a loaded profile. */
export const USER_PROFILE_NOT_LOADED = "User profile not loaded";

export async function listUserClients(
  db: Database,
  profile: Pick<Profile, "id" | "is_super_admin"> | null,
): Promise<UserClient[]> {
  if (!profile) throw new Error(USER_PROFILE_NOT_LOADED);
  if (profile.is_super_admin) {
    return db
      .select({
        client_id: clients.uuid,
        client_slug: sql<string>`coalesce(${clients.slug}, '')`,
        client_name: clients.name,
        user_role: sql<"admin">`'admin'`,
      })
      .from(clients)
      .orderBy(asc(sql`lower(${clients.name})`), asc(clients.name), asc(clients.uuid));
  }
  return db
    .select({
      client_id: userClients.clientId,
      client_slug: userClients.clientSlug,
      client_name: userClients.clientName,
      user_role: userClients.userRole,
    })
    .from(userClients)
    .where(eq(userClients.userProfileId, profile.id))
    .orderBy(
      asc(sql`lower(${userClients.clientName})`),
      asc(userClients.clientName),
      asc(userClients.clientId),
    );
}
