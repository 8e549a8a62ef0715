// /studio/data/cinemas: every cinema with its chain's and country's names, searched by name, city or slug,
// filtered by country, chain and status, sorted and paged. Super admins only.
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { cinemaChains, cinemas, countries } from "../../../db/schema/catalog.ts";
import type { Actor } from "../../access/actor.ts";
import { requireSuperAdmin } from "../../access/permissions.ts";
import { idSchema } from "../../forms/fields.ts";
import { likePattern, pageSchema, pageSizeSchema, parseInput, searchSchema } from "../../shared/input.ts";
import type { Page } from "../../shared/page.ts";
import { CINEMA_STATUSES } from "./cinema-schemas.ts";
import { cinemaColumns, type CinemaRecord } from "./cinemas.ts";
import type { AppServices } from "../../services.ts";

export const CINEMA_SORTS = [
  "name",
  "-name",
  "city",
  "-city",
  "country",
  "-country",
  "slug",
  "-slug",
  "status",
  "-status",
] as const;

const inputSchema = z.object({
  search: searchSchema,
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { error: "validation.choiceInvalid" })
    .optional(),
  chain: idSchema.optional(),
  status: z.enum(CINEMA_STATUSES, { error: "validation.choiceInvalid" }).optional(),
  page: pageSchema,
  pageSize: pageSizeSchema,
  sort: z.enum(CINEMA_SORTS, { error: "validation.choiceInvalid" }).default("name"),
});

export type CinemaRow = CinemaRecord & { chainName: string | null; countryName: string };

export async function listCinemas(
  { db }: Pick<AppServices, "db">,
  actor: Actor,
  input: z.input<typeof inputSchema> = {},
): Promise<Page<CinemaRow>> {
  requireSuperAdmin(actor);
  const { search, country, chain, status, page, pageSize, sort } = parseInput(inputSchema, input);
  const conditions: SQL[] = [];
  if (search) {
    const pattern = likePattern(search);
    conditions.push(
      or(ilike(cinemas.name, pattern), ilike(cinemas.city, pattern), ilike(cinemas.slug, pattern))!,
    );
  }
  if (country) conditions.push(eq(cinemas.countryCode, country));
  if (chain) conditions.push(eq(cinemas.chainId, chain));
  if (status) conditions.push(eq(cinemas.status, status));
  const where = conditions.length ? and(...conditions) : undefined;
  const key = sort.replace(/^-/, "");
  const direction = sort.startsWith("-") ? desc : asc;
  const byName = sql`lower(${cinemas.name})`;
  const primary =
    key === "city"
      ? sql`lower(${cinemas.city})`
      : key === "country"
        ? cinemas.countryCode
        : key === "slug"
          ? cinemas.slug
          : key === "status"
            ? cinemas.status
            : byName;
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...cinemaColumns, chainName: cinemaChains.name, countryName: countries.name })
      .from(cinemas)
      .innerJoin(countries, eq(countries.code, cinemas.countryCode))
      .leftJoin(cinemaChains, eq(cinemaChains.id, cinemas.chainId))
      .where(where)
      .orderBy(direction(primary), asc(byName), asc(cinemas.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(cinemas).where(where),
  ]);
  return { rows, total: total?.n ?? 0, page, pageSize };
}
