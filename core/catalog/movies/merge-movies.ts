// Super admins merge a duplicate movie into another, in one transaction: its showtimes and aliases move
// to the survivor, which also gains the localized titles, external ids and client widget settings it
// lacks (a client's own setting for the survivor wins). The merged movie stays as status "merged" with
// mergedIntoId pointing at the survivor, so old links find it, and the API stops answering it.
import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { movieAliases, movies } from "../../../db/schema/catalog.ts";
import { clientMovieSettings } from "../../../db/schema/client-movies.ts";
import { showtimes } from "../../../db/schema/showtimes.ts";
import type { Actor } from "../../access/actor.ts";
import { requireSuperAdmin } from "../../access/permissions.ts";
import { invalidateApiData } from "../../cache/invalidate-api-data.ts";
import { writeAuditLog } from "../../audit/write-audit-log.ts";
import { queryRows } from "../../shared/db-rows.ts";
import { AppError } from "../../errors.ts";
import { parseInput } from "../../shared/input.ts";
import { mergeMoviesSchema } from "./movie-schemas.ts";
import { findMovieForUpdate, movieColumns, type MovieRecord, type MovieServices } from "./movies.ts";

export type MergeCounts = {
  showtimes: number;
  aliases: number;
  titles: number;
  externalIds: string[];
  clientSettings: number;
};

export async function mergeMovies(
  services: MovieServices,
  actor: Actor,
  input: z.input<typeof mergeMoviesSchema>,
): Promise<{ survivor: MovieRecord; merged: MovieRecord; moved: MergeCounts }> {
  requireSuperAdmin(actor);
  const { survivorId, mergedId } = parseInput(mergeMoviesSchema, input);
  const result = await services.db.transaction(async (tx) => {
    // Locked in id order, so two merges of the same pair cannot deadlock.
    const [first, second] = [survivorId, mergedId].sort();
    const locked = new Map([
      [first!, await findMovieForUpdate(tx, first!)],
      [second!, await findMovieForUpdate(tx, second!)],
    ]);
    const survivor = locked.get(survivorId)!;
    const merged = locked.get(mergedId)!;
    if (merged.status === "merged") throw new AppError("conflict", "studio.dataMovies.merged");
    if (survivor.status === "merged")
      throw new AppError("conflict", "studio.dataMovies.mergeIntoMerged", {
        fieldErrors: { survivorId: "studio.dataMovies.validation.mergeIntoMerged" },
      });

    const movedShowtimes = await tx
      .update(showtimes)
      .set({ movieId: survivorId })
      .where(eq(showtimes.movieId, mergedId))
      .returning({ id: showtimes.id });
    const movedAliases = await tx
      .update(movieAliases)
      .set({ movieId: survivorId })
      .where(eq(movieAliases.movieId, mergedId))
      .returning({ id: movieAliases.id });
    // The survivor's own title in a locale wins; the merged movie's fills the locales it lacks.
    const movedTitles = await queryRows<{ id: string }>(
      tx,
      sql`update movie_titles mt set movie_id = ${survivorId}::uuid, updated_at = now()
          where mt.movie_id = ${mergedId}::uuid
            and not exists (select 1 from movie_titles s
                            where s.movie_id = ${survivorId}::uuid and s.locale = mt.locale)
          returning mt.id`,
    );

    // External ids are unique: taken off the merged movie first, then given to the survivor where it has none.
    const externalIds = {
      imdbId: survivor.imdbId ?? merged.imdbId,
      tmdbId: survivor.tmdbId ?? merged.tmdbId,
      wikidataId: survivor.wikidataId ?? merged.wikidataId,
    };
    const movedIds = (["imdbId", "tmdbId", "wikidataId"] as const).filter(
      (key) => survivor[key] === null && merged[key] !== null,
    );
    const [mergedAfter] = await tx
      .update(movies)
      .set({ status: "merged", mergedIntoId: survivorId, imdbId: null, tmdbId: null, wikidataId: null })
      .where(eq(movies.id, mergedId))
      .returning(movieColumns);
    // Movies merged into the merged one earlier now point at the survivor: one hop, never a chain.
    await tx.update(movies).set({ mergedIntoId: survivorId }).where(eq(movies.mergedIntoId, mergedId));
    const [survivorAfter] = await tx
      .update(movies)
      .set({
        ...externalIds,
        posterAssetId: survivor.posterAssetId ?? merged.posterAssetId,
        backdropAssetId: survivor.backdropAssetId ?? merged.backdropAssetId,
      })
      .where(eq(movies.id, survivorId))
      .returning(movieColumns);

    // A client's setting for the survivor wins over its setting for the merged movie.
    const movedSettings = await queryRows<{ client_id: string }>(
      tx,
      sql`update client_movie_settings c set movie_id = ${survivorId}::uuid, updated_at = now()
          where c.movie_id = ${mergedId}::uuid
            and not exists (select 1 from client_movie_settings s
                            where s.movie_id = ${survivorId}::uuid and s.client_id = c.client_id)
          returning c.client_id`,
    );
    await tx.delete(clientMovieSettings).where(eq(clientMovieSettings.movieId, mergedId));

    const moved: MergeCounts = {
      showtimes: movedShowtimes.length,
      aliases: movedAliases.length,
      titles: movedTitles.length,
      externalIds: movedIds,
      clientSettings: movedSettings.length,
    };
    await writeAuditLog(tx, actor, {
      action: "catalog.movie.merge",
      entityType: "movie",
      entityId: survivorId,
      clientId: null,
      before: { survivor, merged },
      after: { survivor: survivorAfter, merged: mergedAfter, moved },
    });
    return { survivor: survivorAfter!, merged: mergedAfter!, moved };
  });
  await invalidateApiData(services);
  return result;
}
