// Cities that have cinemas: for the place picker and to resolve what a visitor typed.
import { sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import type { AppServices } from "../../services.ts";
import { queryRows } from "../../shared/db-rows.ts";

export type City = { city: string; countryCode: string; timeZone: string; cinemaCount: number };

/**
 * Other names visitors type for a city in the data: official and local names, and the English and
 * Danish exonyms. Keys are lower case; each names the city as the cinemas table spells it.
 */
export const CITY_ALIASES: Readonly<Record<string, { city: string; countryCode: string }>> = {
  "'s-gravenhage": { city: "Den Haag", countryCode: "NL" },
  "s-gravenhage": { city: "Den Haag", countryCode: "NL" },
  "the hague": { city: "Den Haag", countryCode: "NL" },
  "la haye": { city: "Den Haag", countryCode: "NL" },
  "den bosch": { city: "'s-Hertogenbosch", countryCode: "NL" },
  "s-hertogenbosch": { city: "'s-Hertogenbosch", countryCode: "NL" },
  hertogenbosch: { city: "'s-Hertogenbosch", countryCode: "NL" },
  copenhagen: { city: "København", countryCode: "DK" },
  kopenhagen: { city: "København", countryCode: "DK" },
  copenhague: { city: "København", countryCode: "DK" },
  kobenhavn: { city: "København", countryCode: "DK" },
  koebenhavn: { city: "København", countryCode: "DK" },
  århus: { city: "Aarhus", countryCode: "DK" },
  arhus: { city: "Aarhus", countryCode: "DK" },
  marseilles: { city: "Marseille", countryCode: "FR" },
  lyons: { city: "Lyon", countryCode: "FR" },
};

/** Trigram similarity (pg_trgm) above which a misspelt name is taken for a city without asking. */
export const CITY_MATCH_SIMILARITY = 0.45;
/** …and above which a city is worth suggesting. */
const CITY_SUGGESTION_SIMILARITY = 0.2;

export type CityLookup = {
  /** the city shown; undefined when nothing is close enough */
  city?: City;
  /** true when the city shown is not what was typed (a misspelling, a prefix, another name) */
  corrected: boolean;
  /** other cities the visitor may have meant, best first */
  suggestions: City[];
};

type CityRow = { city: string; country_code: string; time_zone: string; cinema_count: number };

function cityOf(row: CityRow): City {
  return {
    city: row.city,
    countryCode: row.country_code,
    timeZone: row.time_zone,
    cinemaCount: row.cinema_count,
  };
}

/**
 * What a visitor typed as a city: the city by its name (case-insensitive) or another name of it, else
 * the largest city starting with it, else the closest name by trigram similarity (names and other
 * names), with the next closest as suggestions.
 */
export async function findCity(db: Database, text: string, preferredCountry?: string): Promise<CityLookup> {
  const typed = text.trim();
  if (!typed || typed.length > 100) return { corrected: false, suggestions: [] };
  const alias = CITY_ALIASES[typed.toLowerCase()];
  const name = alias?.city ?? typed;
  const direct = await queryRows<CityRow>(
    db,
    sql`
      select c.city, c.country_code, min(c.time_zone) as time_zone, count(*)::int as cinema_count
      from cinemas c
      where c.status = 'open' and (lower(c.city) = lower(${name}) or lower(c.city) like lower(${escapeLike(name)}) || '%')
        and (${alias?.countryCode ?? null}::text is null or c.country_code = ${alias?.countryCode ?? null})
      group by c.city, c.country_code
      order by (lower(c.city) = lower(${name})) desc, (c.country_code = ${preferredCountry ?? ""}) desc, count(*) desc, c.city
      limit 1
    `,
  );
  if (direct[0]) {
    const city = cityOf(direct[0]);
    return { city, corrected: city.city.toLowerCase() !== typed.toLowerCase(), suggestions: [] };
  }
  const aliases = Object.entries(CITY_ALIASES).map(
    ([other, to]) => sql`(${other}, ${to.city}, ${to.countryCode})`,
  );
  const close = await queryRows<CityRow & { score: number }>(
    db,
    sql`
      with cities as (
        select c.city, c.country_code, min(c.time_zone) as time_zone, count(*)::int as cinema_count
        from cinemas c
        where c.status = 'open'
        group by c.city, c.country_code
      ),
      names as (
        select city, country_code, lower(city) as name from cities
        union all
        select a.city, a.country_code, a.name from (values ${sql.join(aliases, sql`, `)}) as a(name, city, country_code)
      ),
      scored as (
        select city, country_code, max(similarity(name, lower(${typed}))) as score
        from names
        group by city, country_code
      )
      select c.city, c.country_code, c.time_zone, c.cinema_count, s.score::float8 as score
      from scored s
      join cities c using (city, country_code)
      where s.score >= ${CITY_SUGGESTION_SIMILARITY}
      order by s.score desc, c.cinema_count desc, c.city
      limit 4
    `,
  );
  const best = close[0];
  if (best && best.score >= CITY_MATCH_SIMILARITY)
    return { city: cityOf(best), corrected: true, suggestions: close.slice(1).map(cityOf) };
  return { corrected: false, suggestions: close.slice(0, 3).map(cityOf) };
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
