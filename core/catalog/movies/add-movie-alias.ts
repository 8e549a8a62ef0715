// Super admins teach matching a feed title: the normalized title becomes an alias of the movie, so the
// next import links it by itself. A title that already points at another movie is refused, naming it.
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { movieAliases, movies } from "../../../db/schema/catalog.ts";
import type { Actor } from "../../access/actor.ts";
import { requireSuperAdmin } from "../../access/permissions.ts";
import { writeAuditLog } from "../../audit/write-audit-log.ts";
import { AppError } from "../../errors.ts";
import { messageRef } from "../../i18n/message-ref.ts";
import { parseInput } from "../../shared/input.ts";
import { addMovieAliasSchema } from "./movie-schemas.ts";
import { findMovieForUpdate, movieLabel } from "./movies.ts";
import type { CatalogServices } from "../catalog-services.ts";
import { normalizeFeedTitle } from "./normalize-feed-title.ts";

export type MovieAlias = { id: string; normalizedTitle: string; movieId: string };

export async function addMovieAlias(
  services: CatalogServices,
  actor: Actor,
  input: z.input<typeof addMovieAliasSchema>,
): Promise<MovieAlias & { added: boolean }> {
  requireSuperAdmin(actor);
  const { movieId, alias } = parseInput(addMovieAliasSchema, input);
  const normalizedTitle = normalizeFeedTitle(alias);
  if (!normalizedTitle)
    throw new AppError("invalid_input", "form.invalid", {
      fieldErrors: { alias: messageRef("studio.dataMovies.validation.aliasEmpty") },
    });
  return services.db.transaction(async (tx) => {
    const movie = await findMovieForUpdate(tx, movieId);
    if (movie.status === "merged") throw new AppError("conflict", "studio.dataMovies.merged");
    const [existing] = await tx
      .select({
        id: movieAliases.id,
        movieId: movieAliases.movieId,
        title: movies.title,
        year: movies.year,
      })
      .from(movieAliases)
      .innerJoin(movies, eq(movies.id, movieAliases.movieId))
      .where(eq(movieAliases.normalizedTitle, normalizedTitle));
    if (existing?.movieId === movieId) return { id: existing.id, normalizedTitle, movieId, added: false };
    if (existing)
      throw new AppError("conflict", "studio.dataMovies.aliasTaken", {
        values: { alias: normalizedTitle, movie: movieLabel(existing) },
        fieldErrors: {
          alias: messageRef("studio.dataMovies.validation.aliasTaken", {
            alias: normalizedTitle,
            movie: movieLabel(existing),
          }),
        },
      });
    const [created] = await tx
      .insert(movieAliases)
      .values({ normalizedTitle, movieId })
      .returning({ id: movieAliases.id });
    await writeAuditLog(tx, actor, {
      action: "catalog.movie.alias.add",
      entityType: "movie",
      entityId: movieId,
      clientId: null,
      after: { alias: normalizedTitle, typed: alias },
    });
    return { id: created!.id, normalizedTitle, movieId, added: true };
  });
}
