// A new movie's missing facts from the metadata provider (a background job, "enrich-movie"): runtime, year,
// original title and language, external ids (when no other movie holds them), genres, titles and synopses
// per language, age ratings per country, the trailer, and the poster (downloaded, checked and stored as a platform asset). It only fills what is
// empty: nothing a person typed is overwritten. Audited as the system, with the provider's answer.
import { and, eq, ne, or, type SQL } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { movies, movieTitles } from "../../../db/schema/catalog.ts";
import { systemActor } from "../../access/system-actor.ts";
import { invalidateApiData } from "../../cache/invalidate-api-data.ts";
import { MAX_ASSET_BYTES } from "../../assets/asset-schemas.ts";
import { uploadAsset } from "../../assets/upload-asset.ts";
import { writeAuditLog } from "../../audit/write-audit-log.ts";
import type { AppServices } from "../../services.ts";
import { fetchImage, type FeedFetchSettings } from "../fetch-feed.ts";
import type { MovieMetadata } from "./tmdb-client.ts";

/** Posters are fetched through `imageFetch` (the feeds' guard, the provider's image host allowed) and uploaded. */
export type EnrichServices = Pick<
  AppServices,
  "db" | "images" | "accounts" | "apiCache" | "metadata" | "imageFetch"
>;

export type EnrichOutcome =
  | { status: "skipped"; reason: "no-provider" | "no-movie" | "not-found" }
  | { status: "enriched"; fields: string[] };

const GENRES: Record<string, string> = { "science fiction": "science-fiction" };

/** The poster's bytes, or null (too large, not an image answer, unreachable): a movie without one is fine. */
/** The poster's bytes, through the feeds' SSRF guard; null when it cannot be had (the movie stays without). */
async function downloadPoster(url: string, settings: FeedFetchSettings): Promise<Uint8Array | null> {
  try {
    const { bytes } = await fetchImage(url, { ...settings, maxBytes: MAX_ASSET_BYTES });
    return bytes.byteLength > 0 ? bytes : null;
  } catch {
    return null;
  }
}

/** External ids another movie already holds are left out (they are unique). */
async function freeIds(db: Database, movieId: string, found: MovieMetadata) {
  const holders: SQL[] = [];
  if (found.imdbId) holders.push(eq(movies.imdbId, found.imdbId));
  holders.push(eq(movies.tmdbId, found.tmdbId));
  if (found.wikidataId) holders.push(eq(movies.wikidataId, found.wikidataId));
  const taken = await db
    .select({ imdbId: movies.imdbId, tmdbId: movies.tmdbId, wikidataId: movies.wikidataId })
    .from(movies)
    .where(and(ne(movies.id, movieId), or(...holders)));
  return {
    imdbId: taken.some((row) => row.imdbId === found.imdbId) ? null : found.imdbId,
    tmdbId: taken.some((row) => row.tmdbId === found.tmdbId) ? null : found.tmdbId,
    wikidataId: taken.some((row) => row.wikidataId === found.wikidataId) ? null : found.wikidataId,
  };
}

export async function enrichMovie(
  services: EnrichServices,
  input: { movieId: string },
): Promise<EnrichOutcome> {
  const { db, metadata } = services;
  if (!metadata) return { status: "skipped", reason: "no-provider" };
  const [movie] = await db.select().from(movies).where(eq(movies.id, input.movieId));
  if (!movie || movie.status === "merged") return { status: "skipped", reason: "no-movie" };
  const found = await metadata.findMovie({
    imdbId: movie.imdbId ?? undefined,
    tmdbId: movie.tmdbId ?? undefined,
    title: movie.originalTitle ?? movie.title,
    year: movie.year ?? undefined,
  });
  if (!found) return { status: "skipped", reason: "not-found" };

  const ids = await freeIds(db, movie.id, found);
  const changes: Partial<typeof movies.$inferInsert> = {};
  if (movie.runtimeMinutes === null && found.runtimeMinutes) changes.runtimeMinutes = found.runtimeMinutes;
  if (movie.year === null && found.year) changes.year = found.year;
  if (!movie.originalTitle && found.originalTitle) changes.originalTitle = found.originalTitle;
  if (!movie.originalLanguage && found.originalLanguage) changes.originalLanguage = found.originalLanguage;
  if (!movie.imdbId && ids.imdbId) changes.imdbId = ids.imdbId;
  if (movie.tmdbId === null && ids.tmdbId) changes.tmdbId = ids.tmdbId;
  if (!movie.wikidataId && ids.wikidataId) changes.wikidataId = ids.wikidataId;
  if (movie.genres.length === 0 && found.genres.length > 0) {
    changes.genres = found.genres.map((genre) => GENRES[genre] ?? genre.replace(/\s+/g, "-"));
  }
  const synopsis = { ...found.synopsis, ...movie.synopsis };
  if (Object.keys(synopsis).length > Object.keys(movie.synopsis).length) changes.synopsis = synopsis;
  // Ratings per country: only the countries the movie has none for.
  const certification = { ...found.certification, ...movie.certification };
  if (Object.keys(certification).length > Object.keys(movie.certification).length)
    changes.certification = certification;
  if (!movie.trailerUrl && found.trailerUrl) changes.trailerUrl = found.trailerUrl;

  const actor = systemActor("job:enrich-movie");
  if (!movie.posterAssetId && found.posterUrl) {
    const bytes = await downloadPoster(found.posterUrl, services.imageFetch);
    if (bytes) {
      const upload = await uploadAsset(services, actor, {
        kind: "poster",
        file: { name: `${movie.slug}-poster${found.posterUrl.match(/\.[a-z]+$/i)?.[0] ?? ".jpg"}`, bytes },
      }).catch(() => null); // an answer that is no image leaves the movie without a poster
      if (upload) changes.posterAssetId = upload.asset.id;
    }
  }

  const existingTitles = new Set(
    (
      await db
        .select({ locale: movieTitles.locale })
        .from(movieTitles)
        .where(eq(movieTitles.movieId, movie.id))
    ).map((row) => row.locale),
  );
  const newTitles = Object.entries(found.titles).filter(
    ([locale]) => !existingTitles.has(locale) && /^[a-z]{2}$/.test(locale),
  );
  const fields = [...Object.keys(changes), ...(newTitles.length ? ["titles"] : [])];
  if (fields.length === 0) return { status: "enriched", fields };

  await db.transaction(async (tx) => {
    if (Object.keys(changes).length > 0) await tx.update(movies).set(changes).where(eq(movies.id, movie.id));
    if (newTitles.length > 0) {
      await tx
        .insert(movieTitles)
        .values(newTitles.map(([locale, title]) => ({ movieId: movie.id, locale, title })))
        .onConflictDoNothing();
    }
    await writeAuditLog(tx, actor, {
      action: "catalog.movie.enrich",
      entityType: "movie",
      entityId: movie.id,
      clientId: null,
      before: Object.fromEntries(
        Object.keys(changes).map((field) => [field, movie[field as keyof typeof movie]]),
      ),
      after: { ...changes, ...(newTitles.length ? { titles: Object.fromEntries(newTitles) } : {}) },
    });
  });
  await invalidateApiData(services);
  return { status: "enriched", fields };
}
