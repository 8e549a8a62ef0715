// One movie for the catalogue browser's drawer: its titles per locale, facts, synopsis in the reader's
// locale, external ids, a poster thumbnail and its showtimes in the next 7 days per country the actor
// may see. Merged and hidden movies are not shown (as the list does not list them).
import { and, asc, count, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { z } from "zod";
import { assetVariants } from "../../../db/schema/assets.ts";
import { countries, movies, movieTitles } from "../../../db/schema/catalog.ts";
import { showtimes } from "../../../db/schema/showtimes.ts";
import type { Actor } from "../../access/actor.ts";
import { requirePermission } from "../../access/permissions.ts";
import { mediaUrl } from "../../assets/media-url.ts";
import { AppError } from "../../errors.ts";
import { idSchema } from "../../forms/fields.ts";
import { parseInput } from "../../shared/input.ts";
import { BROWSE_WINDOW_DAYS } from "./browse-movies.ts";
import { DAY_MS, visibleCountries } from "./movie-scope.ts";
import type { AppServices } from "../../services.ts";

const inputSchema = z.object({
  movieId: idSchema,
  locale: z.string().trim().min(2).max(10).default("en"),
});

export type MovieDetail = {
  id: string;
  title: string;
  originalTitle: string | null;
  year: number | null;
  runtimeMinutes: number | null;
  genres: string[];
  /** in the reader's locale, else English, else any; null when there is none */
  synopsis: string | null;
  titles: { locale: string; title: string }[];
  externalIds: { imdbId: string | null; tmdbId: number | null; wikidataId: string | null };
  poster: { url: string; width: number | null; height: number | null } | null;
  showtimesByCountry: { countryCode: string; countryName: string; count: number }[];
};

export async function movieDetail(
  { db, now }: Pick<AppServices, "db" | "now">,
  actor: Actor,
  input: z.input<typeof inputSchema>,
): Promise<MovieDetail> {
  if (actor.effectiveClientId) requirePermission(actor, "client.view", actor.effectiveClientId);
  const { movieId, locale } = parseInput(inputSchema, input);
  const [movie] = await db
    .select()
    .from(movies)
    .where(and(eq(movies.id, movieId), eq(movies.status, "active")));
  if (!movie) throw new AppError("not_found", "api.movieNotFound");

  const from = now();
  const until = new Date(from.getTime() + BROWSE_WINDOW_DAYS * DAY_MS);
  const visible = await visibleCountries(db, actor, from);
  const [titles, poster, perCountry] = await Promise.all([
    db
      .select({ locale: movieTitles.locale, title: movieTitles.title })
      .from(movieTitles)
      .where(eq(movieTitles.movieId, movie.id))
      .orderBy(asc(movieTitles.locale)),
    movie.posterAssetId
      ? db
          .select({
            contentHash: assetVariants.contentHash,
            mimeType: assetVariants.mimeType,
            width: assetVariants.width,
            height: assetVariants.height,
          })
          .from(assetVariants)
          .where(
            and(
              eq(assetVariants.assetId, movie.posterAssetId),
              inArray(assetVariants.variant, ["thumbnail", "webp"]),
            ),
          )
          // The thumbnail when there is one, else the WebP.
          .orderBy(sql`${assetVariants.variant} = 'thumbnail' desc`)
          .limit(1)
      : Promise.resolve([]),
    visible.length === 0
      ? Promise.resolve([])
      : db
          .select({ countryCode: showtimes.countryCode, countryName: countries.name, count: count() })
          .from(showtimes)
          .innerJoin(countries, eq(countries.code, showtimes.countryCode))
          .where(
            and(
              eq(showtimes.movieId, movie.id),
              eq(showtimes.status, "scheduled"),
              inArray(showtimes.countryCode, visible),
              gte(showtimes.startsAt, from),
              lt(showtimes.startsAt, until),
            ),
          )
          .groupBy(showtimes.countryCode, countries.name)
          .orderBy(asc(countries.name)),
  ]);
  const variant = poster[0];
  const synopses = movie.synopsis;
  return {
    id: movie.id,
    title: movie.title,
    originalTitle: movie.originalTitle,
    year: movie.year,
    runtimeMinutes: movie.runtimeMinutes,
    genres: movie.genres,
    synopsis: synopses[locale] ?? synopses.en ?? Object.values(synopses)[0] ?? null,
    titles,
    externalIds: { imdbId: movie.imdbId, tmdbId: movie.tmdbId, wikidataId: movie.wikidataId },
    poster: variant
      ? { url: mediaUrl(variant.contentHash, variant.mimeType), width: variant.width, height: variant.height }
      : null,
    showtimesByCountry: perCountry,
  };
}
