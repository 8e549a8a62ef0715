// GET /api/v1/chains: cinema chains with open cinemas in the caller's countries (or the one asked for).
import { sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { queryRows } from "../../shared/db-rows.ts";
import { type ApiScope, queryCountries } from "../country-scope.ts";
import { decodeCursor, filterFingerprint } from "../cursor.ts";
import { type Page, pageSize, toPage } from "../api-page.ts";
import { containsPattern, countryArray } from "../../shared/sql-values.ts";

export type ApiChain = {
  id: string;
  slug: string;
  name: string;
  website: string | null;
  /** where it has open cinemas, among the countries asked for */
  countries: string[];
  cinema_count: number;
};

export type ListChainsInput = { country?: string; q?: string; limit?: number; cursor?: string };

type Row = Omit<ApiChain, "cinema_count"> & { cinema_count: number | string };

export async function listChains(
  services: { db: Database },
  scope: ApiScope,
  input: ListChainsInput,
): Promise<Page<ApiChain>> {
  const countries = countryArray(queryCountries(scope, input.country));
  const limit = pageSize(input.limit);
  const fingerprint = filterFingerprint({ country: input.country?.toUpperCase(), q: input.q });
  const after = input.cursor
    ? decodeCursor(input.cursor, "listChains", fingerprint, ["string", "uuid"])
    : undefined;
  const rows = await queryRows<Row>(
    services.db,
    sql`
      select ch.id, ch.slug, ch.name, ch.website, x.countries, x.cinema_count
      from cinema_chains ch
      cross join lateral (
        select coalesce(array_agg(distinct c.country_code::text), '{}') as countries, count(*)::int as cinema_count
        from cinemas c
        where c.chain_id = ch.id and c.status = 'open' and c.country_code = any(${countries})
      ) x
      where x.cinema_count > 0
        ${input.q ? sql`and ch.name ilike ${containsPattern(input.q)}` : sql``}
        ${after ? sql`and (ch.name, ch.id) > (${after[0]}, ${after[1]}::uuid)` : sql``}
      order by ch.name, ch.id
      limit ${limit + 1}
    `,
  );
  return toPage({
    rows,
    limit,
    operation: "listChains",
    fingerprint,
    keyOf: (row) => [row.name, row.id],
    toItem: (row) => ({
      ...row,
      countries: [...row.countries].sort(),
      cinema_count: Number(row.cinema_count),
    }),
  });
}
