// /studio/assets: the assets the actor may see (see assets.ts for the scope), searched by file name,
// filtered by kind, sorted and paged, each with its owner's name, its variants and how often it is used.
import { and, asc, count, desc, eq, ilike, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { assets } from "../../db/schema/assets.ts";
import { clients } from "../../db/schema/tenancy.ts";
import type { Actor } from "../access/actor.ts";
import { likePattern, pageSchema, pageSizeSchema, parseInput, searchSchema } from "../shared/input.ts";
import type { Page } from "../shared/page.ts";
import { ASSET_KINDS } from "./asset-schemas.ts";
import {
  assetColumns,
  type AssetRecord,
  type AssetServices,
  type AssetVariants,
  readableScope,
  usageCounts,
  variantsOf,
} from "./asset-rules.ts";

export const ASSET_SORTS = [
  "fileName",
  "-fileName",
  "kind",
  "-kind",
  "bytes",
  "-bytes",
  "createdAt",
  "-createdAt",
] as const;
export type AssetSort = (typeof ASSET_SORTS)[number];

const inputSchema = z.object({
  search: searchSchema,
  kind: z.enum(ASSET_KINDS, { error: "validation.choiceInvalid" }).optional(),
  page: pageSchema,
  pageSize: pageSizeSchema,
  sort: z.enum(ASSET_SORTS, { error: "validation.choiceInvalid" }).default("-createdAt"),
});

export type AssetRow = AssetRecord & {
  /** null for a platform asset */
  ownerName: string | null;
  variants: AssetVariants;
  usedCount: number;
};

export async function listAssets(
  { db }: AssetServices,
  actor: Actor,
  input: z.input<typeof inputSchema> = {},
): Promise<Page<AssetRow>> {
  const scope = readableScope(actor);
  const { search, kind, page, pageSize, sort } = parseInput(inputSchema, input);
  const conditions: SQL[] = [scope];
  if (search) conditions.push(ilike(assets.fileName, likePattern(search)));
  if (kind) conditions.push(eq(assets.kind, kind));
  const where = and(...conditions);
  const key = sort.replace(/^-/, "");
  const direction = sort.startsWith("-") ? desc : asc;
  const primary =
    key === "fileName"
      ? sql`lower(${assets.fileName})`
      : key === "kind"
        ? assets.kind
        : key === "bytes"
          ? assets.bytes
          : assets.createdAt;
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...assetColumns, ownerName: clients.name })
      .from(assets)
      .leftJoin(clients, eq(clients.uuid, assets.ownerClientId))
      .where(where)
      .orderBy(direction(primary), asc(assets.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(assets).where(where),
  ]);
  const ids = rows.map((row) => row.id);
  const [variants, usage] = await Promise.all([variantsOf(db, ids), usageCounts(db, ids)]);
  return {
    rows: rows
      .filter((row) => variants.has(row.id))
      .map((row) => ({ ...row, variants: variants.get(row.id)!, usedCount: usage.get(row.id) ?? 0 })),
    total: total?.n ?? 0,
    page,
    pageSize,
  };
}
