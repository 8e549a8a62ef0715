// GET /api/v1/showtimes: scheduled showtimes in the caller's countries, by start time then id (keyset).
//
// The page is found with one ordered index scan per cinema (cinema, city or near given), per movie, or
// per country, each stopping after a page's worth of rows, then merged: a page costs about the same at
// 1,000 or 1,000,000 showtimes. Indexes: showtimes (cinema_id, starts_at, id), (movie_id, starts_at, id),
// (country_code, starts_at, id).
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { queryRows } from "../../shared/db-rows.ts";
import { cinemaConditions } from "../cinemas/list-cinemas.ts";
import { queryCountries, requireCountry } from "../country-scope.ts";
import { decodeCursor, filterFingerprint } from "../cursor.ts";
import { isUuid } from "../ids.ts";
import type { ApiLocale } from "../movies/movie-row.ts";
import { distanceKm, type Near } from "../near.ts";
import { type Page, pageSize, toPage } from "../api-page.ts";
import { countryArray, epochMicros, fromEpochMicros, textArray } from "../../shared/sql-values.ts";
import { requireKnownAttributes } from "../attributes/known-attributes.ts";
import {
  type ApiShowtime,
  type Availability,
  type ShowtimeReader,
  type ShowtimeRow,
  curatingClient,
  notHiddenBy,
  showtimeColumns,
  showtimeJoins,
  toApiShowtime,
} from "./showtime-row.ts";
import { type TimeBound, needsZone, windowConditions, windowEnd, windowStart } from "./time-window.ts";

export type ListShowtimesInput = {
  cinema?: string;
  movie?: string;
  country?: string;
  city?: string;
  near?: Near;
  from?: TimeBound;
  to?: TimeBound;
  /** attribute codes; a show must have all of them */
  attributes?: readonly string[];
  audio_language?: string;
  subtitle_language?: string;
  availability?: readonly Availability[];
  locale?: ApiLocale;
  limit?: number;
  cursor?: string;
};

type Row = ShowtimeRow & { sort_micros: number | string };

const DAY_MS = 86_400_000;
/** How far ahead each try looks (the last without end). */
const HORIZONS_MS = [DAY_MS, 7 * DAY_MS, undefined];

function boundKey(bound: TimeBound | undefined) {
  if (bound === undefined) return undefined;
  return bound.kind === "date" ? bound.date : bound.at.toISOString();
}

/** The cinema of `cinema=`, checked: in another country → 403; unknown → no rows. */
async function cinemaCountry(db: Database, id: string): Promise<string | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await queryRows<{ country: string }>(
    db,
    sql`select country_code::text as country from cinemas where id = ${id}::uuid`,
  );
  return row?.country;
}

/**
 * A page of showtimes for `scope`. For a publishable key the client's hidden movies are left out in the
 * query itself (pages stay full and the cursor exact) and each movie says whether the client featured it.
 */
export async function listShowtimes(
  services: { db: Database; now: () => Date; baseUrl: string },
  scope: ShowtimeReader,
  input: ListShowtimesInput,
): Promise<Page<ApiShowtime>> {
  const { db } = services;
  const curatedFor = curatingClient(scope);
  const locale = input.locale ?? "en";
  const limit = pageSize(input.limit);
  const attributes = [...new Set(input.attributes ?? [])].sort();
  const availability = [...new Set(input.availability ?? [])].sort();
  const fingerprint = filterFingerprint({
    cinema: input.cinema?.toLowerCase(),
    movie: input.movie?.toLowerCase(),
    country: input.country?.toUpperCase(),
    city: input.city?.toLowerCase(),
    near: input.near,
    from: boundKey(input.from),
    to: boundKey(input.to),
    attributes: attributes.length ? attributes : undefined,
    audio_language: input.audio_language,
    subtitle_language: input.subtitle_language,
    availability: availability.length ? availability : undefined,
    locale,
  });
  const after = input.cursor
    ? decodeCursor(input.cursor, "listShowtimes", fingerprint, ["integer", "uuid"])
    : undefined;
  if (attributes.length) await requireKnownAttributes(db, attributes);
  const countries = queryCountries(scope, input.country);

  let cinemaFilter: SQL | undefined;
  if (input.cinema !== undefined) {
    const country = await cinemaCountry(db, input.cinema);
    if (country === undefined) return { data: [], pagination: { next_cursor: null } };
    requireCountry(scope, country);
    cinemaFilter = sql`c.id = ${input.cinema}::uuid`;
  }
  const bySet = cinemaFilter !== undefined || input.city !== undefined || input.near !== undefined;

  // Conditions on the showtime row itself (alias s).
  const rowConditions: SQL[] = [sql`s.status = 'scheduled'`];
  if (curatedFor) rowConditions.push(notHiddenBy(curatedFor));
  if (input.movie !== undefined) {
    rowConditions.push(isUuid(input.movie) ? sql`s.movie_id = ${input.movie}::uuid` : sql`false`);
  }
  if (attributes.length) rowConditions.push(sql`s.attributes @> ${textArray(attributes)}`);
  if (input.audio_language !== undefined) rowConditions.push(sql`s.audio_language = ${input.audio_language}`);
  if (input.subtitle_language !== undefined) {
    rowConditions.push(sql`s.subtitle_languages @> ${textArray([input.subtitle_language])}`);
  }
  if (availability.length) {
    rowConditions.push(sql`s.availability::text = any(${textArray(availability)})`);
  }
  if (after)
    rowConditions.push(sql`(s.starts_at, s.id) > (${fromEpochMicros(Number(after[0]))}, ${after[1]}::uuid)`);
  const now = services.now();
  const zoned = needsZone(input.from, input.to);
  const take = limit + 1;

  // Where the page's rows come from: one ordered index range per cinema (cinema, city or near), else
  // per country — per country and time zone when dates must be read in the cinemas' own zones.
  let sources: SQL;
  let sourceCondition: SQL;
  let zone: SQL;
  if (bySet) {
    const cinemas = await cinemaConditions(db, scope, {
      country: input.country,
      city: input.city,
      near: input.near,
    });
    if (cinemaFilter) cinemas.push(cinemaFilter);
    sources = sql`(select c.id as cinema_id, c.time_zone from cinemas c where ${sql.join(cinemas, sql` and `)})`;
    sourceCondition = sql`s.cinema_id = src.cinema_id`;
    zone = sql`src.time_zone`;
  } else if (zoned) {
    sources = sql`(select z.country_code, z.time_zone, count(*) over (partition by z.country_code) as zones
      from (select distinct c.country_code, c.time_zone from cinemas c
            where c.country_code = any(${countryArray(countries)})) z)`;
    // A country with one zone needs no look at the cinema; one with several keeps each zone's cinemas.
    sourceCondition = sql`s.country_code = src.country_code and (src.zones = 1 or s.cinema_id in (
      select c.id from cinemas c where c.country_code = src.country_code and c.time_zone = src.time_zone))`;
    zone = sql`src.time_zone`;
  } else {
    sources = sql`(select unnest(${countryArray(countries)}) as country_code)`;
    sourceCondition = sql`s.country_code = src.country_code`;
    zone = sql`null::text`;
  }
  const window = windowConditions({ from: input.from, to: input.to, now, zone });
  const pageQuery = (horizon: Date | undefined) => {
    const conditions = [sourceCondition, ...rowConditions, ...window];
    if (horizon) conditions.push(sql`s.starts_at < ${horizon.toISOString()}::timestamptz`);
    return sql`
      select x.id, x.starts_at, x.sort_micros
      from ${sources} src
      cross join lateral (
        select s.id, s.starts_at, ${epochMicros(sql`s.starts_at`)} as sort_micros
        from showtimes s
        where ${sql.join(conditions, sql` and `)}
        order by s.starts_at, s.id
        limit ${take}
      ) x
      order by x.starts_at, x.id
      limit ${take}`;
  };
  const distance = input.near ? distanceKm(input.near) : undefined;
  const read = (horizon: Date | undefined) =>
    queryRows<Row>(
      db,
      sql`
        with page as (${pageQuery(horizon)})
        select ${showtimeColumns(distance, locale, curatedFor)}, page.sort_micros
        from page
        join showtimes s on s.id = page.id
        ${showtimeJoins()}
        order by page.starts_at, page.id
      `,
    );
  // Look a day ahead first, then a week, then without end: a page of a busy place is found in its first
  // hours, without every cinema handing over a page's worth of rows. Rows within a horizon all come
  // before the rows beyond it, so a full page within one is the page.
  const start = windowStart(input.from, now, after ? Number(after[0]) / 1000 : undefined);
  const end = windowEnd(input.to);
  let rows: Row[] = [];
  for (const ahead of HORIZONS_MS) {
    const horizon = ahead === undefined ? undefined : new Date(start + ahead);
    if (horizon && end !== undefined && horizon.getTime() >= end) continue;
    rows = await read(horizon);
    if (rows.length >= take) break;
  }
  return toPage({
    rows,
    limit,
    operation: "listShowtimes",
    fingerprint,
    keyOf: (row) => [Number(row.sort_micros), row.id],
    toItem: (row) => toApiShowtime(row, services.baseUrl),
  });
}
