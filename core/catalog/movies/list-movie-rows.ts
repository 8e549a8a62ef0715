// /studio/data/movies: the catalogue's movies, searched by any of their titles, filtered by status, year
// and genre, sorted and paged. Built to stay fast at 50,000 movies: the search uses the trigram indexes
// on movies.title and movie_titles.title, each sort follows a (value, id) btree index, and the Dutch
// title, poster and showtime count are read for the page's rows only. Super admins only.
import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { integerFromText } from "../../forms/numbers.ts";
import { assetVariants } from "../../../db/schema/assets.ts";
import { movies, movieTitles } from "../../../db/schema/catalog.ts";
import { showtimes } from "../../../db/schema/showtimes.ts";
import type { Actor } from "../../access/actor.ts";
import { requireSuperAdmin } from "../../access/permissions.ts";
import { mediaUrl } from "../../assets/media-url.ts";
import { likePattern, pageSchema, pageSizeSchema, parseInput, searchSchema } from "../../shared/input.ts";
import type { Page } from "../../shared/page.ts";
import { FIRST_FILM_YEAR, MOVIE_GENRES, MOVIE_STATUSES, type MovieStatus } from "./movie-schemas.ts";
import type { AppServices } from "../../services.ts";

export const MOVIE_SORTS = ["title", "-title", "year", "-year", "updated", "-updated"] as const;
export type MovieSort = (typeof MOVIE_SORTS)[number];

const inputSchema = z.object({
  search: searchSchema,
  status: z.enum(MOVIE_STATUSES, { error: "validation.choiceInvalid" }).optional(),
  year: integerFromText(
    z.number({ error: "validation.numberInvalid" }).int().min(FIRST_FILM_YEAR).max(3000),
  ).optional(),
  genre: z.enum(MOVIE_GENRES, { error: "validation.choiceInvalid" }).optional(),
  sort: z.enum(MOVIE_SORTS, { error: "validation.choiceInvalid" }).default("title"),
  page: pageSchema,
  pageSize: pageSizeSchema,
});

export type MovieListRow = {
  id: string;
  title: string;
  originalTitle: string | null;
  slug: string;
  year: number | null;
  genres: string[];
  status: MovieStatus;
  mergedIntoId: string | null;
  imdbId: string | null;
  tmdbId: number | null;
  wikidataId: string | null;
  updatedAt: Date;
  /** the Dutch title, when one is stored */
  titleNl: string | null;
  /** showtimes linked to the movie, any date or status */
  showtimes: number;
  /** the poster's thumbnail, when it has one */
  posterUrl: string | null;
};

/** Movies whose title or any localized title contains `search`: two trigram index scans. */
export function movieSearchCondition(search: string): SQL {
  const pattern = likePattern(search);
  return inArray(
    movies.id,
    sql`(select ${movies.id} from ${movies} where ${movies.title} ilike ${pattern}
         union select ${movieTitles.movieId} from ${movieTitles} where ${movieTitles.title} ilike ${pattern})`,
  );
}

export async function listMovieRows(
  { db }: Pick<AppServices, "db">,
  actor: Actor,
  input: z.input<typeof inputSchema> = {},
): Promise<Page<MovieListRow>> {
  requireSuperAdmin(actor);
  const { search, status, year, genre, sort, page, pageSize } = parseInput(inputSchema, input);
  const conditions: SQL[] = [];
  if (search) conditions.push(movieSearchCondition(search));
  // Merged movies are history: listed only when asked for.
  conditions.push(status ? eq(movies.status, status) : ne(movies.status, "merged"));
  if (year !== undefined) conditions.push(eq(movies.year, year));
  if (genre) conditions.push(sql`${movies.genres} @> array[${genre}]::text[]`);
  const where = and(...conditions);
  const direction = sort.startsWith("-") ? desc : asc;
  const key = sort.replace(/^-/, "");
  const primary = key === "year" ? movies.year : key === "updated" ? movies.updatedAt : movies.title;

  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: movies.id,
        title: movies.title,
        originalTitle: movies.originalTitle,
        slug: movies.slug,
        year: movies.year,
        genres: movies.genres,
        status: movies.status,
        mergedIntoId: movies.mergedIntoId,
        imdbId: movies.imdbId,
        tmdbId: movies.tmdbId,
        wikidataId: movies.wikidataId,
        updatedAt: movies.updatedAt,
        posterAssetId: movies.posterAssetId,
      })
      .from(movies)
      .where(where)
      // (value, id) in one direction: the btree index is read in order and stops after the page.
      .orderBy(direction(primary), direction(movies.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(movies).where(where),
  ]);

  const ids = rows.map((row) => row.id);
  const posterIds = rows.flatMap((row) => (row.posterAssetId ? [row.posterAssetId] : []));
  const [dutch, counts, posters] = await Promise.all([
    ids.length
      ? db
          .select({ movieId: movieTitles.movieId, title: movieTitles.title })
          .from(movieTitles)
          .where(and(inArray(movieTitles.movieId, ids), eq(movieTitles.locale, "nl")))
      : [],
    ids.length
      ? db
          .select({ movieId: showtimes.movieId, n: count() })
          .from(showtimes)
          .where(inArray(showtimes.movieId, ids))
          .groupBy(showtimes.movieId)
      : [],
    posterIds.length
      ? db
          .select({
            assetId: assetVariants.assetId,
            contentHash: assetVariants.contentHash,
            mimeType: assetVariants.mimeType,
          })
          .from(assetVariants)
          .where(and(inArray(assetVariants.assetId, posterIds), eq(assetVariants.variant, "thumbnail")))
      : [],
  ]);
  const dutchBy = new Map(dutch.map((d) => [d.movieId, d.title]));
  const countBy = new Map(counts.map((c) => [c.movieId, c.n]));
  const posterBy = new Map(posters.map((p) => [p.assetId, mediaUrl(p.contentHash, p.mimeType)]));

  return {
    rows: rows.map(({ posterAssetId, ...row }) => ({
      ...row,
      titleNl: dutchBy.get(row.id) ?? null,
      showtimes: countBy.get(row.id) ?? 0,
      posterUrl: posterAssetId ? (posterBy.get(posterAssetId) ?? null) : null,
    })),
    total: total?.n ?? 0,
    page,
    pageSize,
  };
}

/** The years the year filter offers: those that listed movies have, newest first. */
export async function movieYearChoices({ db }: Pick<AppServices, "db">): Promise<number[]> {
  const rows = await db
    .selectDistinct({ year: movies.year })
    .from(movies)
    .where(and(ne(movies.status, "merged"), sql`${movies.year} is not null`))
    .orderBy(desc(movies.year));
  return rows.map((row) => row.year!);
}
