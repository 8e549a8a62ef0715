// `city=` names a place; the same name can exist in several countries. The granted countries that have
// open cinemas in a city of that name (case-insensitive). A city found only in countries the key does not
// grant is refused: 403 naming the first of them. An unknown city is no error: it has no cinemas.
import { sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { queryRows } from "../../shared/db-rows.ts";
import { type ApiScope, countryNotGranted } from "../country-scope.ts";

export async function cityCountries(db: Database, scope: ApiScope, city: string): Promise<string[]> {
  const { countries } = scope;
  const rows = await queryRows<{ country: string }>(
    db,
    sql`select distinct c.country_code::text as country from cinemas c
        where lower(c.city) = lower(${city}) and c.status = 'open' order by 1`,
  );
  const found = rows.map((row) => row.country);
  const granted = found.filter((country) => countries.includes(country));
  const refused = found.find((country) => !countries.includes(country));
  if (granted.length === 0 && refused !== undefined) throw countryNotGranted(refused);
  return granted;
}
