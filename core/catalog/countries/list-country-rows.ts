// /studio/config/countries: every country with how many clients and bundles reach it, searched (code or
// name), filtered (enabled), sorted and paged (super admin).
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { bundleCountries, countries } from "../../../db/schema/catalog.ts";
import type { Actor } from "../../access/actor.ts";
import { requireSuperAdmin } from "../../access/permissions.ts";
import { likePattern, pageSchema, pageSizeSchema, parseInput, searchSchema } from "../../shared/input.ts";
import type { Page } from "../../shared/page.ts";
import {
  countryClientsSql,
  countryColumns,
  utcToday,
  type CountryServices,
  type CountryRecord,
} from "./countries.ts";

export const COUNTRY_SORTS = [
  "name",
  "-name",
  "code",
  "-code",
  "currency",
  "-currency",
  "timeZone",
  "-timeZone",
  "clients",
  "-clients",
] as const;

const inputSchema = z.object({
  search: searchSchema,
  enabled: z.enum(["yes", "no"], { error: "validation.choiceInvalid" }).optional(),
  page: pageSchema,
  pageSize: pageSizeSchema,
  sort: z.enum(COUNTRY_SORTS, { error: "validation.choiceInvalid" }).default("name"),
});

export type CountryRow = CountryRecord & { clients: number; bundles: number };

export async function listCountries(
  { db, now }: Pick<CountryServices, "db" | "now">,
  actor: Actor,
  input: z.input<typeof inputSchema> = {},
): Promise<Page<CountryRow>> {
  requireSuperAdmin(actor);
  const { search, enabled, page, pageSize, sort } = parseInput(inputSchema, input);
  const conditions: SQL[] = [];
  if (search)
    conditions.push(
      or(ilike(countries.name, likePattern(search)), ilike(countries.code, likePattern(search)))!,
    );
  if (enabled) conditions.push(eq(countries.enabled, enabled === "yes"));
  const where = conditions.length ? and(...conditions) : undefined;
  const clients = countryClientsSql(countries.code, utcToday(now()));
  const bundles =
    sql<number>`(select count(*) from ${bundleCountries} where ${bundleCountries}.country_code = ${countries}.code)`.mapWith(
      Number,
    );
  const key = sort.replace(/^-/, "");
  const direction = sort.startsWith("-") ? desc : asc;
  const primary =
    key === "code"
      ? countries.code
      : key === "currency"
        ? countries.currency
        : key === "timeZone"
          ? countries.timeZone
          : key === "clients"
            ? clients
            : sql`lower(${countries.name})`;
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...countryColumns, clients, bundles })
      .from(countries)
      .where(where)
      .orderBy(direction(primary), asc(countries.code))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(countries).where(where),
  ]);
  return { rows, total: total?.n ?? 0, page, pageSize };
}

/** Every country's code and name (for choosing a bundle's countries), by name. */
export async function countryChoices({ db }: Pick<CountryServices, "db">, actor: Actor) {
  requireSuperAdmin(actor);
  return db
    .select({ code: countries.code, name: countries.name, enabled: countries.enabled })
    .from(countries)
    .orderBy(asc(sql`lower(${countries.name})`));
}
