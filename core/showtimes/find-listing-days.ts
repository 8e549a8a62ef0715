// Which listing days have showtimes at a place (optionally one film's): the day picker of the film and
// cinema pages offers those days only, and "tonight" when today's evening still has shows.
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { queryRows } from "../shared/db-rows.ts";
import { placeCondition, type Place } from "./find-listing.ts";
import { LISTING_DAY_START_HOUR } from "./listing-day.ts";

/** Where "tonight" starts, local time; shows after midnight still belong to the evening. */
export const TONIGHT_FROM = "18:00";

export type ListingDayCount = {
  /** listing date, YYYY-MM-DD */
  date: string;
  showtimes: number;
  /** of which start at TONIGHT_FROM or later */
  evening: number;
};

export type ListingDaysQuery = {
  place: Place;
  movieId?: string;
  /** first and last listing date, YYYY-MM-DD, inclusive */
  from: string;
  to: string;
  /** leave out shows that started before this instant (today's earlier shows) */
  notBefore?: Date;
};

export async function findListingDays(db: Database, query: ListingDaysQuery): Promise<ListingDayCount[]> {
  const rows = await queryRows<{ date: string; showtimes: number; evening: number }>(
    db,
    sql`
      select to_char(day, 'YYYY-MM-DD') as date,
             count(*)::int as showtimes,
             (count(*) filter (where local_start >= day + ${TONIGHT_FROM}::time))::int as evening
      from (
        select s.starts_at at time zone c.time_zone as local_start,
               ((s.starts_at at time zone c.time_zone) - make_interval(hours => ${LISTING_DAY_START_HOUR}))::date as day
        from cinemas c
        join showtimes s on s.cinema_id = c.id
        where ${placeCondition(query.place)}
          and c.status = 'open'
          and s.status = 'scheduled'
          and s.starts_at >= ((${query.from}::date + make_interval(hours => ${LISTING_DAY_START_HOUR})) at time zone c.time_zone)
          and s.starts_at < ((${query.to}::date + 1 + make_interval(hours => ${LISTING_DAY_START_HOUR})) at time zone c.time_zone)
          ${query.notBefore ? sql`and s.starts_at >= ${query.notBefore.toISOString()}::timestamptz` : sql``}
          ${query.movieId ? sql`and s.movie_id = ${query.movieId}` : sql``}
      ) shows
      group by day
      order by day
    `,
  );
  return rows.map((r) => ({ date: r.date, showtimes: Number(r.showtimes), evening: Number(r.evening) }));
}

export type MovieCity = { city: string; countryCode: string; timeZone: string; showtimes: number };

/**
 * The cities where a film plays between two instants, most showtimes first: where its page should look
 * when no place was asked for, and where to send a visitor whose place has none.
 */
export async function findMovieCities(
  db: Database,
  query: { movieId: string; from: Date; to: Date; limit?: number },
): Promise<MovieCity[]> {
  const rows = await queryRows<{ city: string; country_code: string; time_zone: string; showtimes: number }>(
    db,
    sql`
      select c.city, c.country_code, min(c.time_zone) as time_zone, count(*)::int as showtimes
      from showtimes s
      join cinemas c on c.id = s.cinema_id
      where s.movie_id = ${query.movieId}
        and s.status = 'scheduled'
        and c.status = 'open'
        and s.starts_at >= ${query.from.toISOString()}::timestamptz
        and s.starts_at < ${query.to.toISOString()}::timestamptz
      group by c.city, c.country_code
      order by count(*) desc, c.city
      limit ${query.limit ?? 12}
    `,
  );
  return rows.map((r) => ({
    city: r.city,
    countryCode: r.country_code,
    timeZone: r.time_zone,
    showtimes: Number(r.showtimes),
  }));
}
