// Super admins hide a movie (the API and the widget stop showing it; its showtimes stay) or show it again.
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { movies } from "../../../db/schema/catalog.ts";
import type { Actor } from "../../access/actor.ts";
import { requireSuperAdmin } from "../../access/permissions.ts";
import { invalidateApiData } from "../../cache/invalidate-api-data.ts";
import { writeAuditLog } from "../../audit/write-audit-log.ts";
import { AppError } from "../../errors.ts";
import { parseInput } from "../../shared/input.ts";
import { setMovieStatusSchema } from "./movie-schemas.ts";
import { findMovieForUpdate, movieColumns, type MovieRecord, type MovieServices } from "./movies.ts";

export async function setMovieStatus(
  services: MovieServices,
  actor: Actor,
  input: z.input<typeof setMovieStatusSchema>,
): Promise<MovieRecord> {
  requireSuperAdmin(actor);
  const { movieId, status } = parseInput(setMovieStatusSchema, input);
  const result = await services.db.transaction(async (tx) => {
    const current = await findMovieForUpdate(tx, movieId);
    if (current.status === "merged") throw new AppError("conflict", "studio.dataMovies.merged");
    // Already so: nothing changes, so nothing is audited.
    if (current.status === status) return { movie: current, changed: false };
    const [updated] = await tx
      .update(movies)
      .set({ status })
      .where(eq(movies.id, movieId))
      .returning(movieColumns);
    await writeAuditLog(tx, actor, {
      action: "catalog.movie.status",
      entityType: "movie",
      entityId: movieId,
      clientId: null,
      before: { status: current.status },
      after: { status: updated!.status },
    });
    return { movie: updated!, changed: true };
  });
  if (result.changed) await invalidateApiData(services);
  return result.movie;
}
