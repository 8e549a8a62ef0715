// A film as its public page shows it (/films/{slug}): the title in the reader's language, the synopsis in
// that language when there is one, age ratings per country, the poster's web-sized variant, the trailer.
// Hidden films have no page; a merged one points at the film that took its showtimes.
import { and, eq } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { assets, assetVariants } from "../../../db/schema/assets.ts";
import { movies, movieTitles } from "../../../db/schema/catalog.ts";
import { httpUrlOrNull } from "../../shared/absolute-url.ts";
import { mediaUrl } from "../../assets/media-url.ts";

export type PublicPoster = { url: string; width: number | null; height: number | null };

export type PublicMovie = {
  id: string;
  slug: string;
  title: string;
  /** the title it was made under, when it differs from the one shown */
  originalTitle: string | null;
  year: number | null;
  runtimeMinutes: number | null;
  /** genre codes (movie-forms.ts MOVIE_GENRES) */
  genres: string[];
  directors: string[];
  originalLanguage: string | null;
  /** country code → rating as that country's board gives it */
  certification: Record<string, string>;
  /** the synopsis in the reader's language, else English, else any; with the language it is written in */
  synopsis: { text: string; locale: string } | null;
  poster: PublicPoster | null;
  /** http(s) only */
  trailerUrl: string | null;
  imdbId: string | null;
  wikidataId: string | null;
};

export type PublicMovieLookup =
  | { kind: "found"; movie: PublicMovie }
  /** merged into another film: its page is the other's */
  | { kind: "moved"; slug: string }
  | { kind: "missing" };

/** Longer than any slug: not worth a query. */
export const MAX_SLUG_LENGTH = 200;

function pickSynopsis(synopsis: Record<string, string>, locale: string): PublicMovie["synopsis"] {
  for (const candidate of [locale, "en", ...Object.keys(synopsis).sort()]) {
    const text = synopsis[candidate]?.trim();
    if (text) return { text, locale: candidate };
  }
  return null;
}

export async function findPublicMovie(
  { db }: { db: Database },
  slug: string,
  locale: string,
): Promise<PublicMovieLookup> {
  if (slug.length === 0 || slug.length > MAX_SLUG_LENGTH) return { kind: "missing" };
  const [row] = await db
    .select({
      id: movies.id,
      slug: movies.slug,
      title: movies.title,
      localTitle: movieTitles.title,
      originalTitle: movies.originalTitle,
      year: movies.year,
      runtimeMinutes: movies.runtimeMinutes,
      genres: movies.genres,
      directors: movies.directors,
      originalLanguage: movies.originalLanguage,
      certification: movies.certification,
      synopsis: movies.synopsis,
      posterAssetId: movies.posterAssetId,
      trailerUrl: movies.trailerUrl,
      imdbId: movies.imdbId,
      wikidataId: movies.wikidataId,
      status: movies.status,
      mergedIntoId: movies.mergedIntoId,
    })
    .from(movies)
    .leftJoin(movieTitles, and(eq(movieTitles.movieId, movies.id), eq(movieTitles.locale, locale)))
    .where(eq(movies.slug, slug));
  if (!row || row.status === "hidden") return { kind: "missing" };
  if (row.status === "merged") {
    if (!row.mergedIntoId) return { kind: "missing" };
    const [target] = await db
      .select({ slug: movies.slug, status: movies.status })
      .from(movies)
      .where(eq(movies.id, row.mergedIntoId));
    return target && target.status === "active" ? { kind: "moved", slug: target.slug } : { kind: "missing" };
  }
  const title = row.localTitle ?? row.title;
  const originalTitle = row.originalTitle && row.originalTitle !== title ? row.originalTitle : null;
  return {
    kind: "found",
    movie: {
      id: row.id,
      slug: row.slug,
      title,
      originalTitle,
      year: row.year,
      runtimeMinutes: row.runtimeMinutes,
      genres: row.genres,
      directors: row.directors,
      originalLanguage: row.originalLanguage,
      certification: row.certification,
      synopsis: pickSynopsis(row.synopsis, locale),
      poster: row.posterAssetId ? await posterOf(db, row.posterAssetId) : null,
      trailerUrl: httpUrlOrNull(row.trailerUrl),
      imdbId: row.imdbId,
      wikidataId: row.wikidataId,
    },
  };
}

/**
 * The poster as the page shows it: the thumbnail (at most 320 px, twice the page's poster column), else
 * the WebP, else the original.
 */
async function posterOf(db: Database, assetId: string): Promise<PublicPoster | null> {
  const variants = await db
    .select({
      variant: assetVariants.variant,
      contentHash: assetVariants.contentHash,
      mimeType: assetVariants.mimeType,
      width: assetVariants.width,
      height: assetVariants.height,
    })
    .from(assetVariants)
    .innerJoin(assets, eq(assets.id, assetVariants.assetId))
    .where(eq(assetVariants.assetId, assetId));
  const chosen =
    variants.find((v) => v.variant === "thumbnail") ??
    variants.find((v) => v.variant === "webp") ??
    variants.find((v) => v.variant === "original");
  if (!chosen) return null;
  return { url: mediaUrl(chosen.contentHash, chosen.mimeType), width: chosen.width, height: chosen.height };
}
