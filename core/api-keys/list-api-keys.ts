// A client's API keys for the studio: never the hash. Status is derived: revoked, expired, expiring
// (rotated, still working during its grace period) or active; last use as the directory wrote it.
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { users } from "../../db/schema/auth.ts";
import { apiKeys } from "../../db/schema/access.ts";
import { profiles } from "../../db/schema/tenancy.ts";
import type { Actor } from "../access/actor.ts";
import { requirePermission } from "../access/permissions.ts";
import { idSchema } from "../forms/fields.ts";
import { likePattern, pageSchema, pageSizeSchema, parseInput, searchSchema } from "../shared/input.ts";
import type { Page } from "../shared/page.ts";
import type { ApiKeyKind } from "../key-directory/key-directory-types.ts";
import type { AppServices } from "../services.ts";

export const API_KEY_STATUSES = ["active", "expiring", "expired", "revoked"] as const;
export type ApiKeyStatus = (typeof API_KEY_STATUSES)[number];

export const API_KEY_SORTS = [
  "name",
  "-name",
  "kind",
  "-kind",
  "createdAt",
  "-createdAt",
  "expiresAt",
  "-expiresAt",
  "lastUsedAt",
  "-lastUsedAt",
  "status",
  "-status",
] as const;
export type ApiKeySort = (typeof API_KEY_SORTS)[number];

const inputSchema = z.object({
  clientId: idSchema,
  search: searchSchema,
  status: z.enum(API_KEY_STATUSES, { error: "validation.choiceInvalid" }).optional(),
  kind: z.enum(["secret", "publishable"], { error: "validation.choiceInvalid" }).optional(),
  page: pageSchema,
  pageSize: pageSizeSchema,
  sort: z.enum(API_KEY_SORTS, { error: "validation.choiceInvalid" }).default("-createdAt"),
});

export type ListApiKeysInput = z.input<typeof inputSchema>;

export type ApiKeyRow = {
  id: string;
  name: string;
  kind: ApiKeyKind;
  prefix: string;
  /** the key's own subset; empty = every country the client is granted */
  countries: string[];
  rateLimitPerMinute: number;
  createdAt: Date;
  createdByName: string | null;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  status: ApiKeyStatus;
  /** the key this one replaced by rotation */
  rotatedFromId: string | null;
  /** the key that replaced this one by rotation */
  replacedBy: { id: string; name: string; prefix: string } | null;
};

export async function listApiKeys(
  { db, now }: Pick<AppServices, "db" | "now">,
  actor: Actor,
  input: ListApiKeysInput,
): Promise<Page<ApiKeyRow>> {
  const { clientId, search, status, kind, page, pageSize, sort } = parseInput(inputSchema, input);
  requirePermission(actor, "keys.view", clientId);
  const at = now().toISOString();
  const successorId = sql<
    string | null
  >`(select s.id from api_keys s where s.rotated_from_id = ${apiKeys.id} order by s.created_at limit 1)`;
  const statusSql = sql<ApiKeyStatus>`case
    when ${apiKeys.revokedAt} is not null then 'revoked'
    when ${apiKeys.expiresAt} is not null and ${apiKeys.expiresAt} <= ${at}::timestamptz then 'expired'
    when exists (select 1 from api_keys s where s.rotated_from_id = ${apiKeys.id}) then 'expiring'
    else 'active' end`;

  const conditions: SQL[] = [eq(apiKeys.clientId, clientId)];
  if (search) {
    const pattern = likePattern(search);
    conditions.push(or(ilike(apiKeys.name, pattern), ilike(apiKeys.prefix, pattern))!);
  }
  if (status) conditions.push(sql`${statusSql} = ${status}`);
  if (kind) conditions.push(eq(apiKeys.kind, kind));
  const where = and(...conditions);

  const key = sort.replace(/^-/, "");
  const direction = sort.startsWith("-") ? desc : asc;
  // Status sorts by how usable a key is: active, expiring, expired, revoked.
  const statusRank = sql`array_position(array['active','expiring','expired','revoked'], ${statusSql})`;
  const primary =
    key === "name"
      ? sql`lower(${apiKeys.name})`
      : key === "kind"
        ? apiKeys.kind
        : key === "expiresAt"
          ? sql`${apiKeys.expiresAt} ${sort.startsWith("-") ? sql`desc nulls last` : sql`asc nulls last`}`
          : key === "lastUsedAt"
            ? sql`${apiKeys.lastUsedAt} ${sort.startsWith("-") ? sql`desc nulls last` : sql`asc nulls last`}`
            : key === "status"
              ? statusRank
              : apiKeys.createdAt;
  const order = key === "expiresAt" || key === "lastUsedAt" ? primary : direction(primary);

  const creatorName = sql<string | null>`coalesce(nullif(${profiles.displayName}, ''), ${users.name})`;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: apiKeys.id,
        name: apiKeys.name,
        kind: apiKeys.kind,
        prefix: apiKeys.prefix,
        countries: apiKeys.allowedCountries,
        rateLimitPerMinute: apiKeys.rateLimitPerMinute,
        createdAt: apiKeys.createdAt,
        createdByName: creatorName,
        expiresAt: apiKeys.expiresAt,
        lastUsedAt: apiKeys.lastUsedAt,
        revokedAt: apiKeys.revokedAt,
        status: statusSql,
        rotatedFromId: apiKeys.rotatedFromId,
        successorId,
      })
      .from(apiKeys)
      .leftJoin(profiles, eq(profiles.id, apiKeys.createdBy))
      .leftJoin(users, eq(users.id, profiles.userId))
      .where(where)
      .orderBy(order, desc(apiKeys.createdAt), asc(apiKeys.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(apiKeys).where(where),
  ]);

  const successorIds = rows.map((r) => r.successorId).filter((id): id is string => id !== null);
  const successors = new Map<string, { id: string; name: string; prefix: string }>();
  if (successorIds.length > 0) {
    const found = await db
      .select({ id: apiKeys.id, name: apiKeys.name, prefix: apiKeys.prefix })
      .from(apiKeys)
      .where(and(eq(apiKeys.clientId, clientId), inArray(apiKeys.id, successorIds)));
    for (const s of found) successors.set(s.id, s);
  }
  return {
    rows: rows.map(({ successorId: next, ...row }) => ({
      ...row,
      replacedBy: next ? (successors.get(next) ?? null) : null,
    })),
    total: total?.n ?? 0,
    page,
    pageSize,
  };
}
