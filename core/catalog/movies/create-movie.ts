// Super admins add a movie: its titles per language, facts per country, external ids and artwork.
import type { z } from "zod";
import { movies } from "../../../db/schema/catalog.ts";
import type { Actor } from "../../access/actor.ts";
import { requireSuperAdmin } from "../../access/permissions.ts";
import { invalidateApiData } from "../../cache/invalidate-api-data.ts";
import { writeAuditLog } from "../../audit/write-audit-log.ts";
import { parseInput } from "../../shared/input.ts";
import { createMovieSchema } from "./movie-schemas.ts";
import {
  checkMovieReferences,
  movieColumns,
  movieSnapshot,
  movieValues,
  writeMovieTitles,
  type MovieServices,
  type MovieSnapshot,
} from "./movies.ts";

export async function createMovie(
  services: MovieServices,
  actor: Actor,
  input: z.input<typeof createMovieSchema>,
): Promise<MovieSnapshot> {
  requireSuperAdmin(actor);
  const data = parseInput(createMovieSchema, input);
  const created = await services.db.transaction(async (tx) => {
    await checkMovieReferences(tx, data);
    const [row] = await tx.insert(movies).values(movieValues(data)).returning(movieColumns);
    await writeMovieTitles(tx, row!.id, data);
    const snapshot = await movieSnapshot(tx, row!);
    await writeAuditLog(tx, actor, {
      action: "catalog.movie.create",
      entityType: "movie",
      entityId: row!.id,
      clientId: null,
      after: snapshot,
    });
    return snapshot;
  });
  await invalidateApiData(services);
  await services.jobs?.enqueue("enrich-movie", { movieId: created.id });
  return created;
}
