// Super admins remove an alias that links a feed title to the wrong movie: the next import of that
// title goes through matching again (and may become a missing link).
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { movieAliases } from "../../../db/schema/catalog.ts";
import type { Actor } from "../../access/actor.ts";
import { requireSuperAdmin } from "../../access/permissions.ts";
import { writeAuditLog } from "../../audit/write-audit-log.ts";
import { AppError } from "../../errors.ts";
import { parseInput } from "../../shared/input.ts";
import type { MovieAlias } from "./add-movie-alias.ts";
import { removeMovieAliasSchema } from "./movie-schemas.ts";
import type { CatalogServices } from "../catalog-services.ts";

export async function removeMovieAlias(
  services: CatalogServices,
  actor: Actor,
  input: z.input<typeof removeMovieAliasSchema>,
): Promise<MovieAlias> {
  requireSuperAdmin(actor);
  const { aliasId } = parseInput(removeMovieAliasSchema, input);
  return services.db.transaction(async (tx) => {
    const [removed] = await tx.delete(movieAliases).where(eq(movieAliases.id, aliasId)).returning({
      id: movieAliases.id,
      normalizedTitle: movieAliases.normalizedTitle,
      movieId: movieAliases.movieId,
    });
    if (!removed) throw new AppError("not_found", "studio.dataMovies.aliasNotFound");
    await writeAuditLog(tx, actor, {
      action: "catalog.movie.alias.remove",
      entityType: "movie",
      entityId: removed.movieId,
      clientId: null,
      before: { alias: removed.normalizedTitle },
    });
    return removed;
  });
}
