// /studio/data/attributes: every attribute, searched by code, name or synonym, filtered by category,
// sorted and paged. Every signed-in user may read the list; only super admins change it.
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../../db/client.ts";
import { attributes } from "../../../db/schema/catalog.ts";
import type { Actor } from "../../access/actor.ts";
import { likePattern, pageSchema, pageSizeSchema, parseInput, searchSchema } from "../../shared/input.ts";
import type { Page } from "../../shared/page.ts";
import { attributeColumns, type AttributeRecord } from "./attributes.ts";
import { ATTRIBUTE_CATEGORIES } from "../catalog-schemas.ts";
import type { AppServices } from "../../services.ts";

export const ATTRIBUTE_SORTS = ["code", "-code", "category", "-category", "name", "-name"] as const;

const inputSchema = z.object({
  search: searchSchema,
  category: z.enum(ATTRIBUTE_CATEGORIES, { error: "validation.choiceInvalid" }).optional(),
  page: pageSchema,
  pageSize: pageSizeSchema,
  sort: z.enum(ATTRIBUTE_SORTS, { error: "validation.choiceInvalid" }).default("code"),
});

export async function listAttributeRows(
  { db }: Pick<AppServices, "db">,
  // Any signed-in user: the guard let the actor in; the list holds no client data.
  _actor: Actor,
  input: z.input<typeof inputSchema> = {},
): Promise<Page<AttributeRecord>> {
  const { search, category, page, pageSize, sort } = parseInput(inputSchema, input);
  const conditions: SQL[] = [];
  if (search) {
    const pattern = likePattern(search);
    conditions.push(
      or(
        ilike(attributes.code, pattern),
        sql`${attributes.names}::text ilike ${pattern}`,
        sql`array_to_string(${attributes.synonyms}, ' ') ilike ${pattern}`,
      )!,
    );
  }
  if (category) conditions.push(eq(attributes.category, category));
  const where = conditions.length ? and(...conditions) : undefined;
  const key = sort.replace(/^-/, "");
  const direction = sort.startsWith("-") ? desc : asc;
  const primary =
    key === "category"
      ? sql`${attributes.category}::text`
      : key === "name"
        ? sql`lower(${attributes.names}->>'en')`
        : attributes.code;
  const [rows, [total]] = await Promise.all([
    db
      .select(attributeColumns)
      .from(attributes)
      .where(where)
      .orderBy(direction(primary), asc(attributes.code))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(attributes).where(where),
  ]);
  return { rows, total: total?.n ?? 0, page, pageSize };
}

/** Code and English name of every attribute: the merge dialog's choices. */
export async function attributeChoices({
  db,
}: {
  db: Database;
}): Promise<{ id: string; code: string; name: string }[]> {
  const rows = await db
    .select({ id: attributes.id, code: attributes.code, names: attributes.names })
    .from(attributes)
    .orderBy(asc(attributes.code));
  return rows.map((r) => ({ id: r.id, code: r.code, name: r.names.en ?? r.code }));
}
