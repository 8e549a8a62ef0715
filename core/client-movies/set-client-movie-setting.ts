// Editors and admins of a client (and super admins) feature, unfeature, hide and unhide a movie for that
// client's widget. A newly featured movie goes last among the featured; hiding a featured movie
// unfeatures it (a hidden movie is never shown, so it cannot be first either); featuring a hidden one
// shows it again.
import { and, eq, max } from "drizzle-orm";
import type { z } from "zod";
import { movies } from "../../db/schema/catalog.ts";
import { clientMovieSettings } from "../../db/schema/client-movies.ts";
import type { Actor } from "../access/actor.ts";
import { requirePermission } from "../access/permissions.ts";
import { writeAuditLog } from "../audit/write-audit-log.ts";
import { invalidateApiData } from "../cache/invalidate-api-data.ts";
import type { CatalogServices } from "../catalog/catalog-services.ts";
import { AppError } from "../errors.ts";
import { parseInput } from "../shared/input.ts";
import {
  lockClientMovies,
  renumberFeatured,
  setClientMovieSettingSchema,
  type ClientMovieChange,
  type ClientMovieSetting,
} from "./client-movie-rules.ts";

function applyChange(current: ClientMovieSetting, change: ClientMovieChange, lastPosition: number) {
  switch (change) {
    case "feature":
      return {
        featured: true,
        hidden: false,
        position: current.featured ? current.position : lastPosition + 1,
      };
    case "unfeature":
      return { ...current, featured: false, position: null };
    case "hide":
      return { featured: false, hidden: true, position: null };
    case "unhide":
      return { ...current, hidden: false };
  }
}

export async function setClientMovieSetting(
  services: CatalogServices,
  actor: Actor,
  input: z.input<typeof setClientMovieSettingSchema>,
): Promise<ClientMovieSetting & { movieId: string; title: string }> {
  // Who may curate this client is checked before its input is judged.
  requirePermission(actor, "movies.curate", typeof input.clientId === "string" ? input.clientId : null);
  const { clientId, movieId, change } = parseInput(setClientMovieSettingSchema, input);
  const result = await services.db.transaction(async (tx) => {
    await lockClientMovies(tx, clientId);
    const [movie] = await tx
      .select({ id: movies.id, title: movies.title })
      .from(movies)
      .where(and(eq(movies.id, movieId), eq(movies.status, "active")));
    if (!movie) throw new AppError("not_found", "api.movieNotFound");
    const scope = eq(clientMovieSettings.clientId, clientId);
    const [row] = await tx
      .select({
        featured: clientMovieSettings.featured,
        hidden: clientMovieSettings.hidden,
        position: clientMovieSettings.position,
      })
      .from(clientMovieSettings)
      .where(and(scope, eq(clientMovieSettings.movieId, movieId)));
    const before: ClientMovieSetting = row ?? { featured: false, hidden: false, position: null };
    const [last] = await tx
      .select({ n: max(clientMovieSettings.position) })
      .from(clientMovieSettings)
      .where(and(scope, eq(clientMovieSettings.featured, true)));
    const after = applyChange(before, change, last?.n ?? 0);
    // Already so: nothing changes, so nothing is audited.
    if (
      after.featured === before.featured &&
      after.hidden === before.hidden &&
      after.position === before.position
    )
      return { ...before, movieId, title: movie.title };
    await tx
      .insert(clientMovieSettings)
      .values({ clientId, movieId, ...after, updatedBy: actor.profileId })
      .onConflictDoUpdate({
        target: [clientMovieSettings.clientId, clientMovieSettings.movieId],
        set: { ...after, updatedBy: actor.profileId },
      });
    // A movie leaving the featured list closes its gap.
    if (before.featured && !after.featured) await renumberFeatured(tx, clientId);
    await writeAuditLog(tx, actor, {
      action: `client.movie.${change}`,
      entityType: "movie",
      entityId: movieId,
      clientId,
      before,
      after,
    });
    return { ...after, movieId, title: movie.title };
  });
  // The widget's showtimes leave hidden movies out and mark featured ones: no cached answer may keep
  // the old settings (a no-op change bumps it too; changes are rare and by hand).
  await invalidateApiData(services);
  return result;
}
