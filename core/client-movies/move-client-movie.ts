// Editors and admins of a client (and super admins) move a featured movie one place up or down in the
// client's order. Positions stay dense (1…n): they are renumbered, then the two neighbours swap, in one
// transaction under the client's lock. Moving the first up or the last down changes nothing.
import { and, asc, eq } from "drizzle-orm";
import type { z } from "zod";
import { movies } from "../../db/schema/catalog.ts";
import { clientMovieSettings } from "../../db/schema/client-movies.ts";
import type { Actor } from "../access/actor.ts";
import { requirePermission } from "../access/permissions.ts";
import { writeAuditLog } from "../audit/write-audit-log.ts";
import { invalidateApiData } from "../cache/invalidate-api-data.ts";
import type { CatalogServices } from "../catalog/catalog-services.ts";
import { AppError } from "../errors.ts";
import { messageRef } from "../i18n/message-ref.ts";
import { parseInput } from "../shared/input.ts";
import { lockClientMovies, moveClientMovieSchema, renumberFeatured } from "./client-movie-rules.ts";

export async function moveClientMovie(
  services: CatalogServices,
  actor: Actor,
  input: z.input<typeof moveClientMovieSchema>,
): Promise<{ movieId: string; title: string; position: number }> {
  // Who may curate this client is checked before its input is judged.
  requirePermission(actor, "movies.curate", typeof input.clientId === "string" ? input.clientId : null);
  const { clientId, movieId, direction } = parseInput(moveClientMovieSchema, input);
  const result = await services.db.transaction(async (tx) => {
    await lockClientMovies(tx, clientId);
    await renumberFeatured(tx, clientId);
    const featured = await tx
      .select({ movieId: clientMovieSettings.movieId, title: movies.title })
      .from(clientMovieSettings)
      .innerJoin(movies, eq(movies.id, clientMovieSettings.movieId))
      .where(and(eq(clientMovieSettings.clientId, clientId), eq(clientMovieSettings.featured, true)))
      .orderBy(asc(clientMovieSettings.position));
    const index = featured.findIndex((f) => f.movieId === movieId);
    const moving = featured[index];
    if (!moving)
      throw new AppError("invalid_input", "form.invalid", {
        fieldErrors: { movieId: messageRef("studio.clientMovies.error.notFeatured") },
      });
    const target = direction === "up" ? index - 1 : index + 1;
    const neighbour = featured[target];
    if (!neighbour) return { movieId, title: moving.title, position: index + 1 };
    const setPosition = (id: string, position: number) =>
      tx
        .update(clientMovieSettings)
        .set({ position, updatedBy: actor.profileId })
        .where(and(eq(clientMovieSettings.clientId, clientId), eq(clientMovieSettings.movieId, id)));
    await setPosition(movieId, target + 1);
    await setPosition(neighbour.movieId, index + 1);
    await writeAuditLog(tx, actor, {
      action: "client.movie.move",
      entityType: "movie",
      entityId: movieId,
      clientId,
      before: { position: index + 1, swappedWith: neighbour.movieId },
      after: { position: target + 1 },
    });
    return { movieId, title: moving.title, position: target + 1 };
  });
  // The widget's showtimes carry the order: cached answers must not keep the old one.
  await invalidateApiData(services);
  return result;
}
