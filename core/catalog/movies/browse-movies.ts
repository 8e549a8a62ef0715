// /studio/movies: the read-only catalogue for every signed-in user. Active movies only (merged and hidden
// ones are not listed), searched by title, original title and localized titles, filtered by genre, year
// and "playing in the next 7 days" (in one country or in any the actor may see), with the number of
// showtimes in the actor's countries. Sorted and paged.
import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  gte,
  ilike,
  inArray,
  isNotNull,
  lt,
  or,
  sql,
  type SQL,
} from "drizzle-orm";
import { z } from "zod";
import { integerFromText } from "../../forms/numbers.ts";
import { countries, movies, movieTitles } from "../../../db/schema/catalog.ts";
import { showtimes } from "../../../db/schema/showtimes.ts";
import type { Actor } from "../../access/actor.ts";
import { requirePermission } from "../../access/permissions.ts";
import { likePattern, pageSchema, pageSizeSchema, parseInput, searchSchema } from "../../shared/input.ts";
import type { Page } from "../../shared/page.ts";
import { DAY_MS, visibleCountries } from "./movie-scope.ts";
import type { AppServices } from "../../services.ts";

export const MOVIE_BROWSE_SORTS = ["title", "-title", "year", "-year", "showtimes", "-showtimes"] as const;
/** "Playing" means a scheduled showtime from now until this many days ahead. */
export const BROWSE_WINDOW_DAYS = 7;

const inputSchema = z.object({
  search: searchSchema,
  /** only movies playing in the next 7 days (in `country`, else in any of the actor's countries) */
  nowPlaying: z.boolean().default(false),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { error: "validation.choiceInvalid" })
    .optional(),
  genre: z.string().trim().min(1).max(100).optional(),
  year: integerFromText(z.number({ error: "validation.numberInvalid" }).int().min(1870).max(2200)).optional(),
  /** the locale of the localized title shown beside the main one */
  locale: z.string().trim().min(2).max(10).default("en"),
  page: pageSchema,
  pageSize: pageSizeSchema,
  sort: z.enum(MOVIE_BROWSE_SORTS, { error: "validation.choiceInvalid" }).default("title"),
});

export type BrowseMoviesInput = z.input<typeof inputSchema>;

export type MovieBrowseRow = {
  id: string;
  title: string;
  localizedTitle: string | null;
  year: number | null;
  runtimeMinutes: number | null;
  genres: string[];
  /** scheduled showtimes in the next 7 days in the countries the actor may see (the country filter's only) */
  showtimeCount: number;
};

export async function browseMovies(
  { db, now }: Pick<AppServices, "db" | "now">,
  actor: Actor,
  input: BrowseMoviesInput = {},
): Promise<Page<MovieBrowseRow>> {
  if (actor.effectiveClientId) requirePermission(actor, "client.view", actor.effectiveClientId);
  const { search, nowPlaying, country, genre, year, locale, page, pageSize, sort } = parseInput(
    inputSchema,
    input,
  );
  const from = now();
  const until = new Date(from.getTime() + BROWSE_WINDOW_DAYS * DAY_MS);
  const visible = await visibleCountries(db, actor, from);
  // A country filter narrows the counted countries; one the actor may not see counts nothing.
  const counted = country ? visible.filter((c) => c === country) : visible;
  const showtimesHere = (movieId: SQL | typeof movies.id) =>
    counted.length === 0
      ? sql`false`
      : and(
          eq(showtimes.movieId, movieId),
          eq(showtimes.status, "scheduled"),
          inArray(showtimes.countryCode, counted),
          gte(showtimes.startsAt, from),
          lt(showtimes.startsAt, until),
        )!;

  const conditions: SQL[] = [eq(movies.status, "active")];
  if (search) {
    const pattern = likePattern(search);
    conditions.push(
      or(
        ilike(movies.title, pattern),
        ilike(movies.originalTitle, pattern),
        exists(
          db
            .select({ one: sql`1` })
            .from(movieTitles)
            .where(and(eq(movieTitles.movieId, movies.id), ilike(movieTitles.title, pattern))),
        ),
      )!,
    );
  }
  if (genre) conditions.push(sql`${genre} = any(${movies.genres})`);
  if (year !== undefined) conditions.push(eq(movies.year, year));
  if (nowPlaying || country)
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(showtimes)
          .where(showtimesHere(movies.id)),
      ),
    );
  const where = and(...conditions);

  const showtimeCount = sql<number>`(${db
    .select({ n: count() })
    .from(showtimes)
    .where(showtimesHere(movies.id))})`.mapWith(Number);
  const key = sort.replace(/^-/, "");
  const direction = sort.startsWith("-") ? desc : asc;
  const byTitle = sql`lower(${movies.title})`;
  const primary = key === "year" ? movies.year : key === "showtimes" ? showtimeCount : byTitle;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: movies.id,
        title: movies.title,
        localizedTitle: movieTitles.title,
        year: movies.year,
        runtimeMinutes: movies.runtimeMinutes,
        genres: movies.genres,
        showtimeCount,
      })
      .from(movies)
      .leftJoin(movieTitles, and(eq(movieTitles.movieId, movies.id), eq(movieTitles.locale, locale)))
      .where(where)
      .orderBy(direction(primary), asc(byTitle), asc(movies.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(movies).where(where),
  ]);
  return {
    rows: rows.map((r) => ({ ...r, localizedTitle: r.localizedTitle === r.title ? null : r.localizedTitle })),
    total: total?.n ?? 0,
    page,
    pageSize,
  };
}

/** The browser's filter choices: the countries the actor may see (with names), the genres and years in use. */
export async function movieBrowseChoices(
  { db, now }: Pick<AppServices, "db" | "now">,
  actor: Actor,
): Promise<{ countries: { code: string; name: string }[]; genres: string[]; years: number[] }> {
  if (actor.effectiveClientId) requirePermission(actor, "client.view", actor.effectiveClientId);
  const visible = await visibleCountries(db, actor, now());
  const [countryRows, genreRows, yearRows] = await Promise.all([
    visible.length === 0
      ? Promise.resolve([])
      : db
          .select({ code: countries.code, name: countries.name })
          .from(countries)
          .where(inArray(countries.code, visible))
          .orderBy(asc(countries.name)),
    db
      .selectDistinct({ genre: sql<string>`unnest(${movies.genres})`.as("genre") })
      .from(movies)
      .where(and(eq(movies.status, "active"), isNotNull(movies.genres)))
      .orderBy(sql`1`),
    db
      .selectDistinct({ year: movies.year })
      .from(movies)
      .where(and(eq(movies.status, "active"), isNotNull(movies.year)))
      .orderBy(desc(movies.year)),
  ]);
  return {
    countries: countryRows,
    genres: genreRows.map((g) => g.genre),
    years: yearRows.flatMap((y) => (y.year === null ? [] : [y.year])),
  };
}
