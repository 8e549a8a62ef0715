// /studio/config/clients/{clientId} (super admin): one client by its id, with staff notes and member count.
import { eq, sql } from "drizzle-orm";
import { clientMembers, clients } from "../../db/schema/tenancy.ts";
import type { Actor } from "../access/actor.ts";
import { requireSuperAdmin } from "../access/permissions.ts";
import { AppError } from "../errors.ts";
import type { ClientRecord } from "./create-client.ts";
import { idSchema } from "../forms/fields.ts";
import type { AppServices } from "../services.ts";

export type ClientAdminDetails = ClientRecord & { memberCount: number };

export async function getClientById(
  { db }: Pick<AppServices, "db">,
  actor: Actor,
  clientId: string,
): Promise<ClientAdminDetails> {
  requireSuperAdmin(actor);
  // A malformed id is a client that does not exist, not a form error.
  if (!idSchema.safeParse(clientId).success) throw new AppError("not_found", "tenancy.clientNotFound");
  const [row] = await db
    .select({
      id: clients.uuid,
      name: clients.name,
      slug: clients.slug,
      status: clients.status,
      contactEmail: clients.contactEmail,
      notes: clients.notes,
      createdAt: clients.createdAt,
      updatedAt: clients.updatedAt,
      memberCount:
        sql<number>`(select count(*) from ${clientMembers} where ${clientMembers.clientId} = ${clients.uuid})`.mapWith(
          Number,
        ),
    })
    .from(clients)
    .where(eq(clients.uuid, clientId))
    .limit(1);
  if (!row) throw new AppError("not_found", "tenancy.clientNotFound");
  return row;
}
