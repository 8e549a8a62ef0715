// Data coverage of the countries a client may read today (core/access/country-access.ts): open
// cinemas and scheduled showtimes in the next 7 days per country. For the platform (a super admin
// acting for no client): every enabled country.
import { inArray, sql } from "drizzle-orm";
import { countries } from "../../db/schema/catalog.ts";
import type { Actor } from "../access/actor.ts";
import { grantedCountries } from "../access/country-access.ts";
import { queryRows } from "../shared/db-rows.ts";
import { utcDay } from "./usage-range.ts";
import { usageScope } from "./usage-scope.ts";
import type { AppServices } from "../services.ts";

export type CountryCoverage = {
  countryCode: string;
  countryName: string;
  cinemas: number;
  showtimesNext7Days: number;
};

const WEEK_MS = 7 * 86_400_000;

export async function listDataCoverage(
  { db, now }: Pick<AppServices, "db" | "now">,
  actor: Actor,
): Promise<CountryCoverage[]> {
  const scope = usageScope(actor);
  const at = now();
  const weekAhead = new Date(at.getTime() + WEEK_MS);
  let which = sql`true`;
  if (scope.clientId) {
    const codes = await grantedCountries(db, scope.clientId, utcDay(at));
    if (codes.length === 0) return [];
    which = inArray(countries.code, codes);
  }
  const rows = await queryRows<{ code: string; name: string; cinemas: number; showtimes: number }>(
    db,
    sql`select ${countries.code} as code, ${countries.name} as name,
          (select count(*)::int from cinemas ci where ci.country_code = ${countries.code} and ci.status = 'open') as cinemas,
          (select count(*)::int from showtimes s where s.country_code = ${countries.code} and s.status = 'scheduled'
             and s.starts_at >= ${at.toISOString()}::timestamptz
             and s.starts_at < ${weekAhead.toISOString()}::timestamptz) as showtimes
        from ${countries}
        where ${countries.enabled} and ${which}
        order by ${countries.name}, ${countries.code}`,
  );
  return rows.map((row) => ({
    countryCode: row.code,
    countryName: row.name,
    cinemas: Number(row.cinemas),
    showtimesNext7Days: Number(row.showtimes),
  }));
}
