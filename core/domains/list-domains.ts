// A client's registered domains, for every member: searched and paged.
import { and, asc, count, eq, ilike, sql } from "drizzle-orm";
import { z } from "zod";
import { users } from "../../db/schema/auth.ts";
import { domains } from "../../db/schema/access.ts";
import { profiles } from "../../db/schema/tenancy.ts";
import type { Actor } from "../access/actor.ts";
import { requirePermission } from "../access/permissions.ts";
import { idSchema } from "../forms/fields.ts";
import { likePattern, pageSchema, pageSizeSchema, parseInput, searchSchema } from "../shared/input.ts";
import type { Page } from "../shared/page.ts";
import type { AppServices } from "../services.ts";

const inputSchema = z.object({
  clientId: idSchema,
  search: searchSchema,
  page: pageSchema,
  pageSize: pageSizeSchema,
});

export type ListDomainsInput = z.input<typeof inputSchema>;

export type DomainRow = {
  id: string;
  hostname: string;
  wildcard: boolean;
  createdAt: Date;
  createdByName: string | null;
};

export async function listDomains(
  { db }: Pick<AppServices, "db">,
  actor: Actor,
  input: ListDomainsInput,
): Promise<Page<DomainRow>> {
  const { clientId: id, search, page, pageSize } = parseInput(inputSchema, input);
  requirePermission(actor, "domains.view", id);
  const base = sql<string>`regexp_replace(${domains.hostname}, '^\\*\\.', '')`;
  const where = search
    ? and(eq(domains.clientId, id), ilike(domains.hostname, likePattern(search)))
    : eq(domains.clientId, id);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: domains.id,
        hostname: domains.hostname,
        wildcard: sql<boolean>`${domains.hostname} like '*.%'`,
        createdAt: domains.createdAt,
        createdByName: sql<string | null>`coalesce(nullif(${profiles.displayName}, ''), ${users.name})`,
      })
      .from(domains)
      .leftJoin(profiles, eq(profiles.id, domains.createdBy))
      .leftJoin(users, eq(users.id, profiles.userId))
      .where(where)
      .orderBy(asc(base), asc(domains.hostname))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(domains).where(where),
  ]);
  return { rows, total: total?.n ?? 0, page, pageSize };
}
