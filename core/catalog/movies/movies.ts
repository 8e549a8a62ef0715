// What the movie operations share: the columns they return, a movie with its localized titles and
// aliases (the audit log's before and after), finding a movie to change, the checks that need the
// database (free slug, external ids no other movie has, countries and platform assets that exist) as
// field errors, and the columns a create or an update writes.
import { and, asc, eq, inArray, isNull, ne, notInArray, or, sql, type SQL } from "drizzle-orm";
import { assets } from "../../../db/schema/assets.ts";
import { countries, movieAliases, movies, movieTitles } from "../../../db/schema/catalog.ts";
import { AppError } from "../../errors.ts";
import { messageRef, type MessageRef } from "../../i18n/message-ref.ts";
import type { AppServices } from "../../services.ts";
import type { Transaction } from "../attributes/attributes.ts";
import { type MovieFormOutput, type MovieStatus, WORLDWIDE_RELEASE } from "./movie-schemas.ts";
import type { CatalogServices } from "../catalog-services.ts";

/**
 * Movie changes show in the public API: the operations invalidate its cache after they commit. With `jobs`
 * (the studio always has them), a new movie is queued for enrichment by the metadata provider.
 */
export type MovieServices = CatalogServices & Partial<Pick<AppServices, "jobs">>;

export const movieColumns = {
  id: movies.id,
  title: movies.title,
  originalTitle: movies.originalTitle,
  slug: movies.slug,
  year: movies.year,
  runtimeMinutes: movies.runtimeMinutes,
  releaseDates: movies.releaseDates,
  genres: movies.genres,
  originalLanguage: movies.originalLanguage,
  certification: movies.certification,
  synopsis: movies.synopsis,
  posterAssetId: movies.posterAssetId,
  backdropAssetId: movies.backdropAssetId,
  trailerUrl: movies.trailerUrl,
  imdbId: movies.imdbId,
  tmdbId: movies.tmdbId,
  wikidataId: movies.wikidataId,
  status: movies.status,
  mergedIntoId: movies.mergedIntoId,
};

export type MovieRecord = {
  id: string;
  title: string;
  originalTitle: string | null;
  slug: string;
  year: number | null;
  runtimeMinutes: number | null;
  releaseDates: Record<string, string>;
  genres: string[];
  originalLanguage: string | null;
  certification: Record<string, string>;
  synopsis: Record<string, string>;
  posterAssetId: string | null;
  backdropAssetId: string | null;
  trailerUrl: string | null;
  imdbId: string | null;
  tmdbId: number | null;
  wikidataId: string | null;
  status: MovieStatus;
  mergedIntoId: string | null;
};

/** A movie with its localized titles (locale → title) and aliases (sorted): what the audit log shows. */
export type MovieSnapshot = MovieRecord & { titles: Record<string, string>; aliases: string[] };

export async function findMovieForUpdate(tx: Transaction, id: string): Promise<MovieRecord> {
  const [row] = await tx.select(movieColumns).from(movies).where(eq(movies.id, id)).for("update");
  if (!row) throw new AppError("not_found", "studio.dataMovies.notFound");
  return row;
}

export async function movieSnapshot(tx: Transaction, movie: MovieRecord): Promise<MovieSnapshot> {
  const [titles, aliases] = await Promise.all([
    tx
      .select({ locale: movieTitles.locale, title: movieTitles.title })
      .from(movieTitles)
      .where(eq(movieTitles.movieId, movie.id))
      .orderBy(asc(movieTitles.locale)),
    tx
      .select({ title: movieAliases.normalizedTitle })
      .from(movieAliases)
      .where(eq(movieAliases.movieId, movie.id))
      .orderBy(asc(movieAliases.normalizedTitle)),
  ]);
  return {
    ...movie,
    titles: Object.fromEntries(titles.map((t) => [t.locale, t.title])),
    aliases: aliases.map((a) => a.title),
  };
}

/** "Dune (2021)": how a movie is named in messages and pickers. */
export function movieLabel(movie: { title: string; year: number | null }): string {
  return movie.year ? `${movie.title} (${movie.year})` : movie.title;
}

/**
 * Refuses a slug or an external id that another movie has, naming that movie at the field; a
 * country the countries table lacks ("WW", the first release anywhere, is always known); and a poster
 * or backdrop that is not a platform asset of that kind.
 */
export async function checkMovieReferences(
  tx: Transaction,
  data: MovieFormOutput,
  exceptId?: string,
): Promise<void> {
  const fieldErrors: Record<string, MessageRef> = {};
  const unique: { field: "slug" | "imdbId" | "tmdbId" | "wikidataId"; match: SQL }[] = [
    { field: "slug", match: eq(movies.slug, data.slug) },
  ];
  if (data.imdbId) unique.push({ field: "imdbId", match: eq(movies.imdbId, data.imdbId) });
  if (data.tmdbId) unique.push({ field: "tmdbId", match: eq(movies.tmdbId, data.tmdbId) });
  if (data.wikidataId) unique.push({ field: "wikidataId", match: eq(movies.wikidataId, data.wikidataId) });
  const others = await tx
    .select({
      title: movies.title,
      year: movies.year,
      slug: movies.slug,
      imdbId: movies.imdbId,
      tmdbId: movies.tmdbId,
      wikidataId: movies.wikidataId,
    })
    .from(movies)
    .where(and(or(...unique.map((u) => u.match)), exceptId ? ne(movies.id, exceptId) : undefined));
  for (const { field } of unique) {
    const other = others.find((o) => o[field] === data[field]);
    if (other)
      fieldErrors[field] = messageRef("studio.dataMovies.validation.taken", { movie: movieLabel(other) });
  }

  const codes = [...new Set(data.countries.map((c) => c.country!))].filter((c) => c !== WORLDWIDE_RELEASE);
  if (codes.length > 0) {
    const known = await tx
      .select({ code: countries.code })
      .from(countries)
      .where(inArray(countries.code, codes));
    const knownCodes = new Set(known.map((k) => k.code));
    for (const row of data.countries) {
      if (row.country !== WORLDWIDE_RELEASE && !knownCodes.has(row.country!))
        fieldErrors[`countries[${row.row}].country`] = messageRef(
          "studio.dataMovies.validation.countryUnknown",
          {
            code: row.country!,
          },
        );
    }
  }

  for (const [field, kind] of [
    ["posterAssetId", "poster"],
    ["backdropAssetId", "backdrop"],
  ] as const) {
    const assetId = data[field];
    if (!assetId) continue;
    const [asset] = await tx
      .select({ id: assets.id })
      .from(assets)
      .where(and(eq(assets.id, assetId), eq(assets.kind, kind), isNull(assets.ownerClientId)));
    if (!asset) fieldErrors[field] = messageRef(`studio.dataMovies.validation.${kind}`);
  }

  if (Object.keys(fieldErrors).length > 0) {
    const slugTaken = fieldErrors.slug !== undefined && Object.keys(fieldErrors).length === 1;
    throw new AppError(slugTaken ? "conflict" : "invalid_input", "form.invalid", { fieldErrors });
  }
}

/** The movies columns a create or an update writes, from the parsed form. */
export function movieValues(data: MovieFormOutput) {
  const releaseDates: Record<string, string> = {};
  const certification: Record<string, string> = {};
  for (const row of data.countries) {
    if (row.releaseDate) releaseDates[row.country!] = row.releaseDate;
    if (row.certification) certification[row.country!] = row.certification;
  }
  const synopsis: Record<string, string> = {};
  for (const row of data.locales) if (row.synopsis) synopsis[row.locale!] = row.synopsis;
  return {
    title: data.title,
    originalTitle: data.originalTitle ?? null,
    slug: data.slug,
    year: data.year ?? null,
    runtimeMinutes: data.runtimeMinutes ?? null,
    releaseDates,
    genres: data.genres,
    originalLanguage: data.originalLanguage ?? null,
    certification,
    synopsis,
    posterAssetId: data.posterAssetId ?? null,
    backdropAssetId: data.backdropAssetId ?? null,
    trailerUrl: data.trailerUrl ?? null,
    imdbId: data.imdbId ?? null,
    tmdbId: data.tmdbId ?? null,
    wikidataId: data.wikidataId ?? null,
  };
}

/** Makes the movie's localized titles exactly the form's: missing locales removed, the rest upserted. */
export async function writeMovieTitles(tx: Transaction, movieId: string, data: MovieFormOutput) {
  const titles = data.locales
    .filter((row) => row.title)
    .map((row) => ({ locale: row.locale!, title: row.title! }));
  const keep = titles.map((t) => t.locale);
  await tx
    .delete(movieTitles)
    .where(
      keep.length > 0
        ? and(eq(movieTitles.movieId, movieId), notInArray(movieTitles.locale, keep))
        : eq(movieTitles.movieId, movieId),
    );
  if (titles.length === 0) return;
  await tx
    .insert(movieTitles)
    .values(titles.map((t) => ({ movieId, ...t })))
    .onConflictDoUpdate({
      target: [movieTitles.movieId, movieTitles.locale],
      set: { title: sql`excluded.title`, updatedAt: sql`now()` },
    });
}
