// One movie as the studio edits it: every column, its localized titles, its aliases (with ids, to remove
// one) and its poster and backdrop (label and thumbnail). A merged movie comes back too, with
// mergedIntoId: the page sends the reader on to the survivor. Super admins only.
import { and, asc, eq, inArray } from "drizzle-orm";
import { assets, assetVariants } from "../../../db/schema/assets.ts";
import { movieAliases, movies, movieTitles } from "../../../db/schema/catalog.ts";
import type { Actor } from "../../access/actor.ts";
import { requireSuperAdmin } from "../../access/permissions.ts";
import { mediaUrl } from "../../assets/media-url.ts";
import { AppError } from "../../errors.ts";
import { idSchema } from "../../forms/fields.ts";
import { parseInput } from "../../shared/input.ts";
import { movieColumns, type MovieRecord } from "./movies.ts";
import type { AppServices } from "../../services.ts";

export type MovieAsset = { id: string; fileName: string; thumbnailUrl: string | null };

export type MovieDetail = MovieRecord & {
  titles: Record<string, string>;
  aliases: { id: string; normalizedTitle: string }[];
  poster: MovieAsset | null;
  backdrop: MovieAsset | null;
};

export async function getMovieDetail(
  { db }: Pick<AppServices, "db">,
  actor: Actor,
  movieId: string,
): Promise<MovieDetail> {
  requireSuperAdmin(actor);
  const id = parseInput(idSchema, movieId);
  const [movie] = await db.select(movieColumns).from(movies).where(eq(movies.id, id));
  if (!movie) throw new AppError("not_found", "studio.dataMovies.notFound");
  const assetIds = [movie.posterAssetId, movie.backdropAssetId].filter((a): a is string => a !== null);
  const [titles, aliases, artwork] = await Promise.all([
    db
      .select({ locale: movieTitles.locale, title: movieTitles.title })
      .from(movieTitles)
      .where(eq(movieTitles.movieId, id))
      .orderBy(asc(movieTitles.locale)),
    db
      .select({ id: movieAliases.id, normalizedTitle: movieAliases.normalizedTitle })
      .from(movieAliases)
      .where(eq(movieAliases.movieId, id))
      .orderBy(asc(movieAliases.normalizedTitle)),
    assetIds.length
      ? db
          .select({
            id: assets.id,
            fileName: assets.fileName,
            contentHash: assetVariants.contentHash,
            mimeType: assetVariants.mimeType,
          })
          .from(assets)
          .leftJoin(
            assetVariants,
            and(eq(assetVariants.assetId, assets.id), eq(assetVariants.variant, "thumbnail")),
          )
          .where(inArray(assets.id, assetIds))
      : [],
  ]);
  const asset = (assetId: string | null): MovieAsset | null => {
    const row = artwork.find((a) => a.id === assetId);
    if (!row) return null;
    return {
      id: row.id,
      fileName: row.fileName,
      thumbnailUrl: row.contentHash && row.mimeType ? mediaUrl(row.contentHash, row.mimeType) : null,
    };
  };
  return {
    ...movie,
    titles: Object.fromEntries(titles.map((t) => [t.locale, t.title])),
    aliases,
    poster: asset(movie.posterAssetId),
    backdrop: asset(movie.backdropAssetId),
  };
}
