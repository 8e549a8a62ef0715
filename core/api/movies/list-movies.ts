// GET /api/v1/movies: the catalogue by title (in the asked locale). `now_playing` keeps the movies with
// scheduled showtimes from now over the coming listing days in the caller's countries; `country` keeps
// those playing in that country (and implies `now_playing`).
import { sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { queryRows } from "../../shared/db-rows.ts";
import { LISTING_DAYS } from "../../showtimes/listing-day.ts";
import { type ApiScope, queryCountries } from "../country-scope.ts";
import { decodeCursor, filterFingerprint } from "../cursor.ts";
import { type Page, pageSize, toPage } from "../api-page.ts";
import { containsPattern, countryArray } from "../../shared/sql-values.ts";
import { type ApiLocale, type ApiMovie, type MovieRow, movieColumns, toApiMovie } from "./movie-row.ts";

export type ListMoviesInput = {
  country?: string;
  now_playing?: boolean;
  /** in any localized title or the original title */
  q?: string;
  locale?: ApiLocale;
  limit?: number;
  cursor?: string;
};

export async function listMovies(
  services: { db: Database; now: () => Date },
  scope: ApiScope,
  input: ListMoviesInput,
): Promise<Page<ApiMovie>> {
  const locale = input.locale ?? "en";
  const countries = queryCountries(scope, input.country);
  const nowPlaying = input.now_playing === true || input.country !== undefined;
  const limit = pageSize(input.limit);
  const fingerprint = filterFingerprint({
    country: input.country?.toUpperCase(),
    now_playing: nowPlaying,
    q: input.q,
    locale,
  });
  const after = input.cursor
    ? decodeCursor(input.cursor, "listMovies", fingerprint, ["string", "uuid"])
    : undefined;
  const now = services.now();
  const until = new Date(now.getTime() + LISTING_DAYS * 86_400_000);
  const pattern = input.q ? containsPattern(input.q) : undefined;
  const rows = await queryRows<MovieRow>(
    services.db,
    sql`
      select ${movieColumns()}
      from movies m
      left join movie_titles mt on mt.movie_id = m.id and mt.locale = ${locale}
      where m.status = 'active'
        ${
          pattern
            ? sql`and (m.title ilike ${pattern} or m.original_title ilike ${pattern}
                or exists (select 1 from movie_titles t where t.movie_id = m.id and t.title ilike ${pattern}))`
            : sql``
        }
        ${
          nowPlaying
            ? sql`and exists (
                select 1 from showtimes s
                where s.movie_id = m.id and s.status = 'scheduled'
                  and s.starts_at >= ${now.toISOString()}::timestamptz and s.starts_at < ${until.toISOString()}::timestamptz
                  and s.country_code = any(${countryArray(countries)}))`
            : sql``
        }
        ${after ? sql`and (coalesce(mt.title, m.title), m.id) > (${after[0]}, ${after[1]}::uuid)` : sql``}
      order by coalesce(mt.title, m.title), m.id
      limit ${limit + 1}
    `,
  );
  return toPage({
    rows,
    limit,
    operation: "listMovies",
    fingerprint,
    keyOf: (row) => [row.title, row.id],
    toItem: (row) => toApiMovie(row, scope.countries, locale),
  });
}
