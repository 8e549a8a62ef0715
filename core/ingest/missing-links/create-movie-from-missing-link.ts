// Super admins create the movie an unmatched feed title is about (the movie form, prefilled from the
// title and its hints) and link the title to it as linkMissingLink does. One transaction: a refused movie
// (a slug or IMDb id taken) links nothing, and a refused link creates no movie. API caches invalidated
// after it commits.
import type { z } from "zod";
import { movies } from "../../../db/schema/catalog.ts";
import type { Actor } from "../../access/actor.ts";
import { requireSuperAdmin } from "../../access/permissions.ts";
import { invalidateApiData } from "../../cache/invalidate-api-data.ts";
import { writeAuditLog } from "../../audit/write-audit-log.ts";
import {
  checkMovieReferences,
  movieColumns,
  movieSnapshot,
  movieValues,
  writeMovieTitles,
  type MovieSnapshot,
} from "../../catalog/movies/movies.ts";
import { parseInput } from "../../shared/input.ts";
import { createMovieFromMissingLinkSchema } from "./missing-link-schemas.ts";
import {
  findOpenMissingLink,
  linkTitle,
  type LinkOutcome,
  type MissingLinkServices,
} from "./missing-links.ts";

export async function createMovieFromMissingLink(
  services: MissingLinkServices,
  actor: Actor,
  input: z.input<typeof createMovieFromMissingLinkSchema>,
): Promise<LinkOutcome & { created: MovieSnapshot }> {
  requireSuperAdmin(actor);
  const { missingLinkId, ...data } = parseInput(createMovieFromMissingLinkSchema, input);
  const outcome = await services.db.transaction(async (tx) => {
    const link = await findOpenMissingLink(tx, missingLinkId);
    await checkMovieReferences(tx, data);
    const [row] = await tx.insert(movies).values(movieValues(data)).returning(movieColumns);
    await writeMovieTitles(tx, row!.id, data);
    const created = await movieSnapshot(tx, row!);
    await writeAuditLog(tx, actor, {
      action: "catalog.movie.create",
      entityType: "movie",
      entityId: row!.id,
      clientId: null,
      after: created,
    });
    return { ...(await linkTitle(tx, actor, link, row!.id, "new-movie")), created };
  });
  await invalidateApiData(services);
  await services.jobs?.enqueue("enrich-movie", { movieId: outcome.created.id });
  return outcome;
}
