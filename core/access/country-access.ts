// The countries a client may read today: direct grants and the countries of granted bundles, each within
// its validity dates (inclusive; no end date = open), and only countries that are enabled.
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { queryRows } from "../shared/db-rows.ts";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** `today` is a calendar day, YYYY-MM-DD. Answers ISO 3166-1 alpha-2 codes, upper case, sorted. */
export async function grantedCountries(db: Database, clientId: string, today: string): Promise<string[]> {
  if (!DAY.test(today)) throw new Error(`grantedCountries: today must be YYYY-MM-DD, got ${today}`);
  const rows = await queryRows<{ code: string }>(
    db,
    sql`
      with grants as (
        select ca.country_code, ca.bundle_id
        from country_access ca
        where ca.client_id = ${clientId}
          and ca.valid_from <= ${today}::date
          and (ca.valid_until is null or ca.valid_until >= ${today}::date)
      ),
      codes as (
        select g.country_code as code from grants g where g.country_code is not null
        union
        select bc.country_code from grants g join bundle_countries bc on bc.bundle_id = g.bundle_id
      )
      select distinct upper(c.code) as code
      from codes x join countries c on c.code = x.code
      where c.enabled
      order by 1
    `,
  );
  return rows.map((r) => r.code);
}

/** Today's calendar day in UTC, the day grants are judged by. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}
