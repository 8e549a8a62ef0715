// /studio/data/showtimes: every showtime of a date range (listing days, 03:00 → 03:00 in each cinema's
// own time zone, decision 003), filtered by cinema, movie, source and status, sorted by time, cinema or
// movie, paged by offset. Super admins only.
//
// It has to stay fast with a million showtimes, so every query is an index range that stops early:
// - the date range is first widened to UTC bounds every time zone fits in (an index range on starts_at),
//   then narrowed per cinema to its own listing days;
// - by time: the (starts_at, id) index, or (cinema_id, starts_at, id) / (source_id, starts_at, id) when
//   filtered so, read in order until the page is full;
// - by cinema: cinemas in name order, each one's showtimes from its (cinema_id, starts_at, id) range
//   (a lateral join over a subquery that exposes its sort key, so the planner sees the rows arrive in
//   cinema order and sorts only within each cinema: an incremental sort that stops at the page);
// - by movie: the same over movies in title order with the (movie_id, …) index; showtimes not linked to a
//   movie follow, by feed title;
// - the total is counted over at most COUNT_CAP + 1 rows: beyond that the page says "10,000+".
import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import type { Actor } from "../access/actor.ts";
import { requireSuperAdmin } from "../access/permissions.ts";
import { isoInZone } from "./zoned-time.ts";
import { queryRows } from "../shared/db-rows.ts";
import { idSchema } from "../forms/fields.ts";
import { pageSchema, pageSizeSchema, parseInput } from "../shared/input.ts";
import { LISTING_DAY_START_HOUR } from "./listing-day.ts";
import { isIsoDay, SHOWTIME_STATUSES, type Availability, type ShowtimeStatus } from "./showtime-schemas.ts";
import type { AppServices } from "../services.ts";

export const SHOWTIME_SORTS = ["startsAt", "-startsAt", "cinema", "-cinema", "movie", "-movie"] as const;
export type ShowtimeSort = (typeof SHOWTIME_SORTS)[number];
/** The count stops here: the table shows "10,000+" rather than counting a million rows per page view. */
export const COUNT_CAP = 10_000;
/** A range longer than this is refused: a year of listing days is more than anyone pages through. */
export const MAX_RANGE_DAYS = 366;
/** The source filter's value for showtimes added by hand in the studio (no source). */
export const MANUAL_SOURCE = "manual";

/** Time zones span UTC−12 … UTC+14: a listing day starts no earlier or later than these offsets. */
const EARLIEST_OFFSET_HOURS = 14;
const LATEST_OFFSET_HOURS = 12;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

export const showtimeListSchema = z
  .object({
    cinemaId: idSchema.optional(),
    movieId: idSchema.optional(),
    sourceId: z.union([idSchema, z.literal(MANUAL_SOURCE)]).optional(),
    status: z.enum(SHOWTIME_STATUSES, { error: "validation.choiceInvalid" }).optional(),
    from: z.string().refine(isIsoDay, { error: "studio.dataShowtimes.validation.date" }),
    to: z.string().refine(isIsoDay, { error: "studio.dataShowtimes.validation.date" }),
    sort: z.enum(SHOWTIME_SORTS, { error: "validation.choiceInvalid" }).default("startsAt"),
    page: pageSchema,
    pageSize: pageSizeSchema,
  })
  .superRefine((value, ctx) => {
    const days = (Date.parse(value.to) - Date.parse(value.from)) / DAY_MS;
    if (days < 0)
      ctx.addIssue({ code: "custom", path: ["to"], message: "studio.dataShowtimes.validation.rangeOrder" });
    else if (days >= MAX_RANGE_DAYS)
      ctx.addIssue({ code: "custom", path: ["to"], message: "studio.dataShowtimes.validation.rangeLong" });
  });

export type ListShowtimeRowsInput = z.input<typeof showtimeListSchema>;

export type ShowtimeRow = {
  id: string;
  startsAt: Date;
  /** "2026-11-24T20:15:00+01:00": the start in the cinema's own time zone */
  localStartsAt: string;
  cinemaId: string;
  cinemaName: string;
  city: string;
  countryCode: string;
  timeZone: string;
  movieId: string | null;
  /** null while the showtime is not linked to a movie: show the feed title instead */
  movieTitle: string | null;
  feedTitle: string;
  auditorium: string | null;
  attributes: string[];
  audioLanguage: string | null;
  subtitleLanguages: string[];
  bookingUrl: string | null;
  priceMin: number | null;
  priceMax: number | null;
  currency: string | null;
  availability: Availability;
  status: ShowtimeStatus;
  sourceId: string | null;
  sourceName: string | null;
};

export type ShowtimeRowsPage = {
  rows: ShowtimeRow[];
  /** matching rows, counted up to COUNT_CAP + 1 */
  total: number;
  /** true when there are more than COUNT_CAP: `total` is then COUNT_CAP + 1 and means "10,000+" */
  totalCapped: boolean;
  page: number;
  pageSize: number;
};

type RawRow = {
  id: string;
  starts_at: Date | string;
  cinema_id: string;
  cinema_name: string;
  city: string;
  country_code: string;
  time_zone: string;
  movie_id: string | null;
  movie_title: string | null;
  feed_title: string;
  auditorium: string | null;
  attributes: string[] | null;
  audio_language: string | null;
  subtitle_languages: string[] | null;
  booking_url: string | null;
  price_min: number | null;
  price_max: number | null;
  currency: string | null;
  availability: Availability;
  status: ShowtimeStatus;
  source_id: string | null;
  source_name: string | null;
};

export type ShowtimeFilters = z.output<typeof showtimeListSchema>;
type Filters = ShowtimeFilters;

/** Conditions on `s` alone (index-friendly): the widened UTC window and the filters. */
function showtimeConditions(f: Filters): SQL {
  const start =
    Date.parse(`${f.from}T00:00:00Z`) + (LISTING_DAY_START_HOUR - EARLIEST_OFFSET_HOURS) * HOUR_MS;
  const end =
    Date.parse(`${f.to}T00:00:00Z`) + DAY_MS + (LISTING_DAY_START_HOUR + LATEST_OFFSET_HOURS) * HOUR_MS;
  const parts: SQL[] = [
    sql`s.starts_at >= ${new Date(start).toISOString()}::timestamptz`,
    sql`s.starts_at < ${new Date(end).toISOString()}::timestamptz`,
  ];
  if (f.cinemaId) parts.push(sql`s.cinema_id = ${f.cinemaId}`);
  if (f.movieId) parts.push(sql`s.movie_id = ${f.movieId}`);
  if (f.sourceId === MANUAL_SOURCE) parts.push(sql`s.source_id is null`);
  else if (f.sourceId) parts.push(sql`s.source_id = ${f.sourceId}`);
  if (f.status) parts.push(sql`s.status = ${f.status}`);
  return sql.join(parts, sql` and `);
}

/** The exact listing days in the cinema's own time zone (needs `c`). */
function listingDays(f: Filters): SQL {
  const hour = sql.raw(`time '${String(LISTING_DAY_START_HOUR).padStart(2, "0")}:00'`);
  return sql`s.starts_at >= ((${f.from}::date + ${hour}) at time zone c.time_zone)
    and s.starts_at < ((${f.to}::date + 1 + ${hour}) at time zone c.time_zone)`;
}

const COLUMNS = sql`s.id, s.starts_at, s.cinema_id, c.name as cinema_name, c.city, c.country_code, c.time_zone,
  s.movie_id, m.title as movie_title, s.feed_title, s.auditorium, s.attributes, s.audio_language,
  s.subtitle_languages, s.booking_url, s.price_min, s.price_max, s.currency, s.availability, s.status,
  s.source_id, src.name as source_name`;

const S_COLUMNS = sql`s.id, s.starts_at, s.cinema_id, s.movie_id, s.feed_title, s.auditorium, s.attributes,
  s.audio_language, s.subtitle_languages, s.booking_url, s.price_min, s.price_max, s.currency,
  s.availability, s.status, s.source_id`;

function pageOf(limit: number, offset: number): SQL {
  return sql`limit ${limit} offset ${offset}`;
}

async function byTime(db: Database, f: Filters, limit: number, offset: number): Promise<RawRow[]> {
  const dir = f.sort.startsWith("-") ? sql`desc` : sql`asc`;
  return queryRows<RawRow>(
    db,
    sql`select ${COLUMNS}
      from showtimes s
      join cinemas c on c.id = s.cinema_id
      left join movies m on m.id = s.movie_id
      left join sources src on src.id = s.source_id
      where ${showtimeConditions(f)} and ${listingDays(f)}
      order by s.starts_at ${dir}, s.id ${dir}
      ${pageOf(limit, offset)}`,
  );
}

async function byCinema(db: Database, f: Filters, limit: number, offset: number): Promise<RawRow[]> {
  const dir = f.sort.startsWith("-") ? sql`desc` : sql`asc`;
  return queryRows<RawRow>(
    db,
    sql`select ${COLUMNS}
      from (
        select id, name, city, country_code, time_zone, lower(name) as sort_name from cinemas
        ${f.cinemaId ? sql`where id = ${f.cinemaId}` : sql``}
        order by lower(name) ${dir}, id ${dir}
      ) c
      cross join lateral (
        select ${S_COLUMNS} from showtimes s
        where s.cinema_id = c.id and ${showtimeConditions(f)} and ${listingDays(f)}
        order by s.starts_at, s.id
      ) s
      left join movies m on m.id = s.movie_id
      left join sources src on src.id = s.source_id
      order by c.sort_name ${dir}, c.id ${dir}, s.starts_at, s.id
      ${pageOf(limit, offset)}`,
  );
}

/** Linked showtimes, movies in title order; then (desc: before) the unlinked ones by feed title. */
async function byMovie(db: Database, f: Filters, limit: number, offset: number): Promise<RawRow[]> {
  const desc = f.sort.startsWith("-");
  const dir = desc ? sql`desc` : sql`asc`;
  const linked = (l: number, o: number) =>
    queryRows<RawRow>(
      db,
      sql`select ${COLUMNS}
        from (
          select id, title, lower(title) as sort_title from movies
          ${f.movieId ? sql`where id = ${f.movieId}` : sql``}
          order by lower(title) ${dir}, id ${dir}
        ) m
        cross join lateral (
          select ${S_COLUMNS} from showtimes s
          where s.movie_id = m.id and ${showtimeConditions(f)}
        ) s
        join cinemas c on c.id = s.cinema_id
        left join sources src on src.id = s.source_id
        where ${listingDays(f)}
        order by m.sort_title ${dir}, m.id ${dir}, s.starts_at, s.id
        ${pageOf(l, o)}`,
    );
  const unlinkedWhere = sql`s.movie_id is null and ${showtimeConditions(f)} and ${listingDays(f)}`;
  const unlinked = (l: number, o: number) =>
    f.movieId
      ? Promise.resolve([])
      : queryRows<RawRow>(
          db,
          sql`select ${COLUMNS}
            from showtimes s
            join cinemas c on c.id = s.cinema_id
            left join movies m on false
            left join sources src on src.id = s.source_id
            where ${unlinkedWhere}
            order by lower(s.feed_title) ${dir}, s.starts_at, s.id
            ${pageOf(l, o)}`,
        );
  const countOf = async (query: SQL) =>
    Number((await queryRows<{ n: number | string }>(db, query))[0]?.n ?? 0);
  const [first, second] = desc ? [unlinked, linked] : [linked, unlinked];
  const head = await first(limit, offset);
  if (head.length === limit) return head;
  // The page runs past the first group: the second starts where the first ended.
  const firstTotal =
    head.length > 0
      ? offset + head.length
      : desc
        ? await countOf(
            sql`select count(*) as n from showtimes s join cinemas c on c.id = s.cinema_id where ${unlinkedWhere}`,
          )
        : await countOf(
            sql`select count(*) as n from showtimes s join cinemas c on c.id = s.cinema_id
              where s.movie_id is not null and ${showtimeConditions(f)} and ${listingDays(f)}`,
          );
  return [...head, ...(await second(limit - head.length, Math.max(0, offset - firstTotal)))];
}

async function cappedCount(db: Database, f: Filters): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(
    db,
    sql`select count(*) as n from (
      select 1 from showtimes s join cinemas c on c.id = s.cinema_id
      where ${showtimeConditions(f)} and ${listingDays(f)}
      limit ${COUNT_CAP + 1}
    ) capped`,
  );
  return Number(row?.n ?? 0);
}

function toRow(raw: RawRow): ShowtimeRow {
  const startsAt = new Date(raw.starts_at);
  return {
    id: raw.id,
    startsAt,
    localStartsAt: isoInZone(startsAt, raw.time_zone),
    cinemaId: raw.cinema_id,
    cinemaName: raw.cinema_name,
    city: raw.city,
    countryCode: raw.country_code,
    timeZone: raw.time_zone,
    movieId: raw.movie_id,
    movieTitle: raw.movie_title,
    feedTitle: raw.feed_title,
    auditorium: raw.auditorium,
    attributes: raw.attributes ?? [],
    audioLanguage: raw.audio_language,
    subtitleLanguages: raw.subtitle_languages ?? [],
    bookingUrl: raw.booking_url,
    priceMin: raw.price_min,
    priceMax: raw.price_max,
    currency: raw.currency,
    availability: raw.availability,
    status: raw.status,
    sourceId: raw.source_id,
    sourceName: raw.source_name,
  };
}

/** `limit` rows from `offset` in the filters' order (no permission check: callers check first). */
export async function readShowtimeRows(
  db: Database,
  filters: ShowtimeFilters,
  limit: number,
  offset: number,
): Promise<ShowtimeRow[]> {
  const read = filters.sort.endsWith("cinema") ? byCinema : filters.sort.endsWith("movie") ? byMovie : byTime;
  return (await read(db, filters, limit, offset)).map(toRow);
}

export async function listShowtimeRows(
  { db }: Pick<AppServices, "db">,
  actor: Actor,
  input: ListShowtimeRowsInput,
): Promise<ShowtimeRowsPage> {
  requireSuperAdmin(actor);
  const filters = parseInput(showtimeListSchema, input);
  const { page, pageSize } = filters;
  const offset = (page - 1) * pageSize;
  const [rows, total] = await Promise.all([
    readShowtimeRows(db, filters, pageSize, offset),
    cappedCount(db, filters),
  ]);
  return { rows, total, totalCapped: total > COUNT_CAP, page, pageSize };
}
