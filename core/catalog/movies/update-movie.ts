// Super admins edit a movie. The audit log keeps the movie before and after, its localized titles,
// synopses and aliases included. A merged movie is not edited: its survivor is.
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { movies } from "../../../db/schema/catalog.ts";
import type { Actor } from "../../access/actor.ts";
import { requireSuperAdmin } from "../../access/permissions.ts";
import { invalidateApiData } from "../../cache/invalidate-api-data.ts";
import { writeAuditLog } from "../../audit/write-audit-log.ts";
import { AppError } from "../../errors.ts";
import { parseInput } from "../../shared/input.ts";
import { updateMovieSchema } from "./movie-schemas.ts";
import {
  checkMovieReferences,
  findMovieForUpdate,
  movieColumns,
  movieSnapshot,
  movieValues,
  writeMovieTitles,
  type MovieServices,
  type MovieSnapshot,
} from "./movies.ts";

export async function updateMovie(
  services: MovieServices,
  actor: Actor,
  input: z.input<typeof updateMovieSchema>,
): Promise<MovieSnapshot> {
  requireSuperAdmin(actor);
  const { movieId, ...data } = parseInput(updateMovieSchema, input);
  const updated = await services.db.transaction(async (tx) => {
    const current = await findMovieForUpdate(tx, movieId);
    if (current.status === "merged") throw new AppError("conflict", "studio.dataMovies.merged");
    const before = await movieSnapshot(tx, current);
    await checkMovieReferences(tx, data, movieId);
    const [row] = await tx
      .update(movies)
      .set(movieValues(data))
      .where(eq(movies.id, movieId))
      .returning(movieColumns);
    await writeMovieTitles(tx, movieId, data);
    const after = await movieSnapshot(tx, row!);
    await writeAuditLog(tx, actor, {
      action: "catalog.movie.update",
      entityType: "movie",
      entityId: movieId,
      clientId: null,
      before,
      after,
    });
    return after;
  });
  await invalidateApiData(services);
  return updated;
}
