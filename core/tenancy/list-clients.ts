// /studio/config/clients: every client with its member count, searched, sorted and paged (super admin).
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { clientMembers, clients } from "../../db/schema/tenancy.ts";
import type { Actor } from "../access/actor.ts";
import { requireSuperAdmin } from "../access/permissions.ts";
import { likePattern, pageSchema, pageSizeSchema, parseInput, searchSchema } from "../shared/input.ts";
import { clientStatusSchema } from "./tenancy-schemas.ts";
import type { Page } from "../shared/page.ts";
import type { ClientStatus } from "./tenancy-types.ts";
import type { AppServices } from "../services.ts";

export const CLIENT_SORTS = [
  "name",
  "-name",
  "slug",
  "-slug",
  "createdAt",
  "-createdAt",
  "members",
  "-members",
  "status",
  "-status",
] as const;
export type ClientSort = (typeof CLIENT_SORTS)[number];

const inputSchema = z.object({
  search: searchSchema,
  status: clientStatusSchema.optional(),
  page: pageSchema,
  pageSize: pageSizeSchema,
  sort: z.enum(CLIENT_SORTS, { error: "validation.choiceInvalid" }).default("name"),
});

export type ListClientsInput = z.input<typeof inputSchema>;

export type ClientListRow = {
  id: string;
  name: string;
  slug: string | null;
  status: ClientStatus;
  contactEmail: string | null;
  createdAt: Date;
  memberCount: number;
};

export async function listClients(
  { db }: Pick<AppServices, "db">,
  actor: Actor,
  input: ListClientsInput = {},
): Promise<Page<ClientListRow>> {
  requireSuperAdmin(actor);
  const { search, status, page, pageSize, sort } = parseInput(inputSchema, input);

  const conditions: SQL[] = [];
  if (search) {
    const pattern = likePattern(search);
    conditions.push(
      or(ilike(clients.name, pattern), ilike(clients.slug, pattern), ilike(clients.contactEmail, pattern))!,
    );
  }
  if (status) conditions.push(eq(clients.status, status));
  const where = conditions.length ? and(...conditions) : undefined;

  const memberCount =
    sql<number>`(select count(*) from ${clientMembers} where ${clientMembers.clientId} = ${clients.uuid})`.mapWith(
      Number,
    );
  const key = sort.replace(/^-/, "");
  const direction = sort.startsWith("-") ? desc : asc;
  const primary =
    key === "slug"
      ? clients.slug
      : key === "createdAt"
        ? clients.createdAt
        : key === "members"
          ? memberCount
          : key === "status"
            ? clients.status
            : sql`lower(${clients.name})`;

  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: clients.uuid,
        name: clients.name,
        slug: clients.slug,
        status: clients.status,
        contactEmail: clients.contactEmail,
        createdAt: clients.createdAt,
        memberCount,
      })
      .from(clients)
      .where(where)
      .orderBy(direction(primary), asc(sql`lower(${clients.name})`), asc(clients.uuid))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(clients).where(where),
  ]);
  return { rows, total: total?.n ?? 0, page, pageSize };
}
