// GET /api/v1/cities: the places that have open cinemas, from the cinemas themselves (name, country,
// time zone, how many cinemas, their mean position). The name is what `city=` takes elsewhere.
import { sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { queryRows } from "../../shared/db-rows.ts";
import { type ApiScope, queryCountries } from "../country-scope.ts";
import { decodeCursor, filterFingerprint } from "../cursor.ts";
import { type Page, pageSize, toPage } from "../api-page.ts";
import { containsPattern, countryArray } from "../../shared/sql-values.ts";

export type ApiCity = {
  name: string;
  country: string;
  time_zone: string;
  cinema_count: number;
  latitude: number | null;
  longitude: number | null;
};

export type ListCitiesInput = { country?: string; q?: string; limit?: number; cursor?: string };

type Row = {
  name: string;
  country: string;
  time_zone: string;
  cinema_count: number | string;
  latitude: number | string | null;
  longitude: number | string | null;
};

const round = (value: number | string | null, digits: number) =>
  value === null ? null : Number(Number(value).toFixed(digits));

export async function listCities(
  services: { db: Database },
  scope: ApiScope,
  input: ListCitiesInput,
): Promise<Page<ApiCity>> {
  const countries = queryCountries(scope, input.country);
  const limit = pageSize(input.limit);
  const fingerprint = filterFingerprint({ country: input.country?.toUpperCase(), q: input.q });
  const after = input.cursor
    ? decodeCursor(input.cursor, "listCities", fingerprint, ["string", "string"])
    : undefined;
  const rows = await queryRows<Row>(
    services.db,
    sql`
      select c.city as name, c.country_code::text as country, min(c.time_zone) as time_zone,
             count(*)::int as cinema_count, avg(c.latitude) as latitude, avg(c.longitude) as longitude
      from cinemas c
      where c.status = 'open' and c.country_code = any(${countryArray(countries)})
        ${input.q ? sql`and c.city ilike ${containsPattern(input.q)}` : sql``}
        ${after ? sql`and (c.city, c.country_code::text) > (${after[0]}, ${after[1]})` : sql``}
      group by c.city, c.country_code
      order by c.city, c.country_code::text
      limit ${limit + 1}
    `,
  );
  return toPage({
    rows,
    limit,
    operation: "listCities",
    fingerprint,
    keyOf: (row) => [row.name, row.country],
    toItem: (row) => ({
      name: row.name,
      country: row.country,
      time_zone: row.time_zone,
      cinema_count: Number(row.cinema_count),
      latitude: round(row.latitude, 5),
      longitude: round(row.longitude, 5),
    }),
  });
}
