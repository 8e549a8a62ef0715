// GET /api/v1/cinemas: open cinemas in the caller's countries, by name — or by distance with `near`.
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { queryRows } from "../../shared/db-rows.ts";
import { cityCountries } from "../cities/city-countries.ts";
import { type ApiScope, queryCountries } from "../country-scope.ts";
import { decodeCursor, filterFingerprint } from "../cursor.ts";
import { isUuid } from "../ids.ts";
import { distanceKm, type Near, withinRadius } from "../near.ts";
import { type Page, pageSize, toPage } from "../api-page.ts";
import { containsPattern, countryArray } from "../../shared/sql-values.ts";
import { type ApiCinema, type CinemaRow, cinemaColumns, toApiCinema } from "./cinema-row.ts";

export type ListCinemasInput = {
  country?: string;
  city?: string;
  chain?: string;
  near?: Near;
  /** in the name, the city or the address */
  q?: string;
  limit?: number;
  cursor?: string;
};

/** The cinema conditions shared by the cinema list and the showtime queries (alias `c`). */
export async function cinemaConditions(
  db: Database,
  scope: ApiScope,
  input: Pick<ListCinemasInput, "country" | "city" | "chain" | "near" | "q">,
): Promise<SQL[]> {
  let countries = queryCountries(scope, input.country);
  if (input.city !== undefined) {
    const withCity = await cityCountries(db, scope, input.city);
    countries = countries.filter((country) => withCity.includes(country));
  }
  const conditions = [sql`c.status = 'open'`, sql`c.country_code = any(${countryArray(countries)})`];
  if (input.city !== undefined) conditions.push(sql`lower(c.city) = lower(${input.city})`);
  // An id that is no UUID matches no chain (the API's schema refuses it before this).
  if (input.chain !== undefined)
    conditions.push(isUuid(input.chain) ? sql`c.chain_id = ${input.chain}::uuid` : sql`false`);
  if (input.near) conditions.push(withinRadius(input.near));
  if (input.q) {
    const pattern = containsPattern(input.q);
    conditions.push(sql`(c.name ilike ${pattern} or c.city ilike ${pattern} or c.address ilike ${pattern})`);
  }
  return conditions;
}

type Row = CinemaRow & { sort_meters: number | string | null };

export async function listCinemas(
  services: { db: Database },
  scope: ApiScope,
  input: ListCinemasInput,
): Promise<Page<ApiCinema>> {
  const limit = pageSize(input.limit);
  const fingerprint = filterFingerprint({
    country: input.country?.toUpperCase(),
    city: input.city?.toLowerCase(),
    chain: input.chain?.toLowerCase(),
    near: input.near,
    q: input.q,
  });
  const byDistance = input.near !== undefined;
  const after = input.cursor
    ? decodeCursor(input.cursor, "listCinemas", fingerprint, [byDistance ? "integer" : "string", "uuid"])
    : undefined;
  const conditions = await cinemaConditions(services.db, scope, input);
  const distance = input.near ? distanceKm(input.near) : undefined;
  const sortMeters = distance ? sql`round(${distance} * 1000)::bigint` : sql`null::bigint`;
  if (after) {
    conditions.push(
      byDistance
        ? sql`(${sortMeters}, c.id) > (${after[0]}::bigint, ${after[1]}::uuid)`
        : sql`(c.name, c.id) > (${after[0]}, ${after[1]}::uuid)`,
    );
  }
  const rows = await queryRows<Row>(
    services.db,
    sql`
      select ${cinemaColumns(distance)}, ${sortMeters} as sort_meters
      from cinemas c
      left join cinema_chains ch on ch.id = c.chain_id
      where ${sql.join(conditions, sql` and `)}
      order by ${byDistance ? sql`sort_meters, c.id` : sql`c.name, c.id`}
      limit ${limit + 1}
    `,
  );
  return toPage({
    rows,
    limit,
    operation: "listCinemas",
    fingerprint,
    keyOf: (row) => [byDistance ? Number(row.sort_meters) : row.name, row.id],
    toItem: toApiCinema,
  });
}
