// The bundles of /studio/config/countries: each with its countries and how many clients have access rows
// for it, searched (name), sorted and paged (super admin).
import { asc, count, desc, ilike, sql } from "drizzle-orm";
import { z } from "zod";
import { countryAccess } from "../../../db/schema/access.ts";
import { bundleCountries, bundles } from "../../../db/schema/catalog.ts";
import type { Actor } from "../../access/actor.ts";
import { requireSuperAdmin } from "../../access/permissions.ts";
import { likePattern, pageSchema, pageSizeSchema, parseInput, searchSchema } from "../../shared/input.ts";
import type { Page } from "../../shared/page.ts";
import { bundleColumns, bundleCountryCodes, type BundleRecord, type CountryServices } from "./countries.ts";

export const BUNDLE_SORTS = ["name", "-name", "price", "-price", "countries", "-countries"] as const;

const inputSchema = z.object({
  search: searchSchema,
  page: pageSchema,
  pageSize: pageSizeSchema,
  sort: z.enum(BUNDLE_SORTS, { error: "validation.choiceInvalid" }).default("name"),
});

export type BundleRow = BundleRecord & { clients: number };

export async function listBundles(
  { db }: Pick<CountryServices, "db">,
  actor: Actor,
  input: z.input<typeof inputSchema> = {},
): Promise<Page<BundleRow>> {
  requireSuperAdmin(actor);
  const { search, page, pageSize, sort } = parseInput(inputSchema, input);
  const where = search ? ilike(bundles.name, likePattern(search)) : undefined;
  // Qualified by table name: the subqueries must see the outer bundle's id.
  const countryCount =
    sql<number>`(select count(*) from ${bundleCountries} where ${bundleCountries}.bundle_id = ${bundles}.id)`.mapWith(
      Number,
    );
  const clients =
    sql<number>`(select count(distinct ${countryAccess}.client_id) from ${countryAccess} where ${countryAccess}.bundle_id = ${bundles}.id)`.mapWith(
      Number,
    );
  const key = sort.replace(/^-/, "");
  const direction = sort.startsWith("-") ? desc : asc;
  const primary =
    key === "price" ? bundles.price : key === "countries" ? countryCount : sql`lower(${bundles.name})`;
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...bundleColumns, clients })
      .from(bundles)
      .where(where)
      .orderBy(direction(primary), asc(sql`lower(${bundles.name})`), asc(bundles.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(bundles).where(where),
  ]);
  const codes = await bundleCountryCodes(
    db,
    rows.map((row) => row.id),
  );
  return {
    rows: rows.map((row) => ({ ...row, countries: codes.get(row.id) ?? [] })),
    total: total?.n ?? 0,
    page,
    pageSize,
  };
}
