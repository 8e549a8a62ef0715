// GET /api/v1/countries: the countries the caller's key may read, by code.
import { sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { queryRows } from "../../shared/db-rows.ts";
import type { ApiScope } from "../country-scope.ts";
import { decodeCursor, filterFingerprint } from "../cursor.ts";
import { type Page, pageSize, toPage } from "../api-page.ts";
import { countryArray } from "../../shared/sql-values.ts";

export type ApiCountry = {
  code: string;
  name: string;
  default_locale: string;
  time_zone: string;
  currency: string;
  cinema_count: number;
};

export type ListCountriesInput = { limit?: number; cursor?: string };

type Row = Omit<ApiCountry, "cinema_count"> & { cinema_count: number | string };

export async function listCountries(
  services: { db: Database },
  scope: ApiScope,
  input: ListCountriesInput,
): Promise<Page<ApiCountry>> {
  const limit = pageSize(input.limit);
  const fingerprint = filterFingerprint({});
  const after = input.cursor
    ? decodeCursor(input.cursor, "listCountries", fingerprint, ["string"])
    : undefined;
  const rows = await queryRows<Row>(
    services.db,
    sql`
      select co.code, co.name, co.default_locale, co.time_zone, co.currency,
             (select count(*) from cinemas c where c.country_code = co.code and c.status = 'open')::int as cinema_count
      from countries co
      where co.code = any(${countryArray(scope.countries)})
        ${after ? sql`and co.code > ${after[0]}` : sql``}
      order by co.code
      limit ${limit + 1}
    `,
  );
  return toPage({
    rows,
    limit,
    operation: "listCountries",
    fingerprint,
    keyOf: (row) => [row.code],
    toItem: (row) => ({ ...row, cinema_count: Number(row.cinema_count) }),
  });
}
