// Cities that have cinemas: for the place picker and to resolve what a visitor typed.
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import type { AppServices } from "../services.ts";
import { queryRows } from "../db-rows.ts";

export type City = { city: string; countryCode: string; timeZone: string; cinemaCount: number };

/** The best match for a typed city name: exact (case-insensitive) first, then prefix; larger cities win. */
export async function resolveCity(
  db: Database,
  text: string,
  preferredCountry?: string,
): Promise<City | undefined> {
  const name = text.trim();
  if (!name || name.length > 100) return undefined;
  const rows = await queryRows<{
    city: string;
    country_code: string;
    time_zone: string;
    cinema_count: number;
  }>(
    db,
    sql`
      select c.city, c.country_code, min(c.time_zone) as time_zone, count(*)::int as cinema_count
      from cinemas c
      where c.status = 'open' and (lower(c.city) = lower(${name}) or lower(c.city) like lower(${escapeLike(name)}) || '%')
      group by c.city, c.country_code
      order by (lower(c.city) = lower(${name})) desc, (c.country_code = ${preferredCountry ?? ""}) desc, count(*) desc, c.city
      limit 1
    `,
  );
  const row = rows[0];
  return row
    ? {
        city: row.city,
        countryCode: row.country_code,
        timeZone: row.time_zone,
        cinemaCount: row.cinema_count,
      }
    : undefined;
}

function escapeLike(value: string) {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Cities with the most cinemas, for suggestions. */
export async function listPopularCities(db: Database, limit = 60): Promise<City[]> {
  const rows = await queryRows<{
    city: string;
    country_code: string;
    time_zone: string;
    cinema_count: number;
  }>(
    db,
    sql`
      select c.city, c.country_code, min(c.time_zone) as time_zone, count(*)::int as cinema_count
      from cinemas c
      where c.status = 'open'
      group by c.city, c.country_code
      order by count(*) desc, c.city
      limit ${limit}
    `,
  );
  return rows.map((r) => ({
    city: r.city,
    countryCode: r.country_code,
    timeZone: r.time_zone,
    cinemaCount: r.cinema_count,
  }));
}

/** The most cities the sitemap lists: far more than any country has, and 3 URLs each stay within 50,000. */
export const SITEMAP_CITY_LIMIT = 10_000;

/** Every city with an open cinema, largest first: the city pages search engines should know. */
export function listCitiesForSitemap(services: Pick<AppServices, "db">): Promise<City[]> {
  return listPopularCities(services.db, SITEMAP_CITY_LIMIT);
}
