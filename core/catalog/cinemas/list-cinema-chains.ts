// /studio/data/cinema-chains: every chain with its number of cinemas, searched by name, slug or website,
// filtered by country, sorted and paged. Every signed-in user may read it; only super admins change it.
import { and, asc, count, desc, ilike, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { cinemaChains, cinemas, countries } from "../../../db/schema/catalog.ts";
import type { Actor } from "../../access/actor.ts";
import { likePattern, pageSchema, pageSizeSchema, parseInput, searchSchema } from "../../shared/input.ts";
import type { Page } from "../../shared/page.ts";
import { chainColumns, type ChainRecord } from "./chains.ts";
import type { AppServices } from "../../services.ts";

export const CHAIN_SORTS = ["name", "-name", "slug", "-slug", "cinemas", "-cinemas"] as const;

const inputSchema = z.object({
  search: searchSchema,
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { error: "validation.choiceInvalid" })
    .optional(),
  page: pageSchema,
  pageSize: pageSizeSchema,
  sort: z.enum(CHAIN_SORTS, { error: "validation.choiceInvalid" }).default("name"),
});

export type ChainRow = ChainRecord & { cinemas: number };

export async function listCinemaChains(
  { db }: Pick<AppServices, "db">,
  // Any signed-in user: the guard let the actor in; the list holds no client data.
  _actor: Actor,
  input: z.input<typeof inputSchema> = {},
): Promise<Page<ChainRow>> {
  const { search, country, page, pageSize, sort } = parseInput(inputSchema, input);
  const conditions: SQL[] = [];
  if (search) {
    const pattern = likePattern(search);
    conditions.push(
      or(
        ilike(cinemaChains.name, pattern),
        ilike(cinemaChains.slug, pattern),
        ilike(cinemaChains.website, pattern),
        sql`exists (select 1 from unnest(${cinemaChains.synonyms}) as s where s ilike ${pattern})`,
      )!,
    );
  }
  if (country) conditions.push(sql`${cinemaChains.countries} @> array[${country}]::text[]`);
  const where = conditions.length ? and(...conditions) : undefined;
  // Qualified by table name: both tables have an "id", and the subquery must see the outer chain's.
  const cinemaCount =
    sql<number>`(select count(*) from ${cinemas} where ${cinemas}.chain_id = ${cinemaChains}.id)`.mapWith(
      Number,
    );
  const key = sort.replace(/^-/, "");
  const direction = sort.startsWith("-") ? desc : asc;
  const primary =
    key === "slug" ? cinemaChains.slug : key === "cinemas" ? cinemaCount : sql`lower(${cinemaChains.name})`;
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...chainColumns, cinemas: cinemaCount })
      .from(cinemaChains)
      .where(where)
      .orderBy(direction(primary), asc(sql`lower(${cinemaChains.name})`), asc(cinemaChains.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(cinemaChains).where(where),
  ]);
  return { rows, total: total?.n ?? 0, page, pageSize };
}

/** Every chain's id and name: the merge dialog's choices. */
export async function chainChoices({ db }: Pick<AppServices, "db">): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: cinemaChains.id, name: cinemaChains.name })
    .from(cinemaChains)
    .orderBy(asc(sql`lower(${cinemaChains.name})`));
}

/** Code and name of every country: the country filter's and the form's choices. */
export async function countryChoices({
  db,
}: Pick<AppServices, "db">): Promise<{ code: string; name: string }[]> {
  return db
    .select({ code: countries.code, name: countries.name })
    .from(countries)
    .orderBy(asc(countries.name));
}
