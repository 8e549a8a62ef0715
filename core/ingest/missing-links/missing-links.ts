// What the missing-link operations share: their services, finding an open title to resolve, and linking
// a normalized title to a movie inside the caller's transaction (PRODUCT.md §6): the alias that teaches
// matching, the waiting showtimes of every source, and every open missing link of that title.
import { and, eq, inArray, isNull } from "drizzle-orm";
import { movieAliases, movies } from "../../../db/schema/catalog.ts";
import { missingLinks } from "../../../db/schema/ingest.ts";
import { showtimes } from "../../../db/schema/showtimes.ts";
import type { Actor } from "../../access/actor.ts";
import { writeAuditLog } from "../../audit/write-audit-log.ts";
import type { Transaction } from "../../catalog/attributes/attributes.ts";
import { movieLabel } from "../../catalog/movies/movies.ts";
import { normalizeFeedTitle } from "../../catalog/movies/normalize-feed-title.ts";
import { AppError } from "../../errors.ts";
import type { AppServices } from "../../services.ts";

/**
 * Linking changes showtimes the public API serves: the operations invalidate its cache after commit. With
 * `jobs` (the studio always has them), a movie created from a title is queued for enrichment.
 */
export type MissingLinkServices = Pick<AppServices, "db" | "apiCache"> & Partial<Pick<AppServices, "jobs">>;

export type OpenMissingLink = {
  id: string;
  sourceId: string | null;
  rawTitle: string;
  normalizedTitle: string;
  candidates: { movieId: string; title: string; year: number | null; score: number }[];
};

/** The missing link, locked, if it is still open; else not_found or conflict (resolved meanwhile). */
export async function findOpenMissingLink(tx: Transaction, id: string): Promise<OpenMissingLink> {
  const [row] = await tx
    .select({
      id: missingLinks.id,
      sourceId: missingLinks.sourceId,
      rawTitle: missingLinks.rawTitle,
      normalizedTitle: missingLinks.normalizedTitle,
      candidates: missingLinks.candidates,
      resolution: missingLinks.resolution,
    })
    .from(missingLinks)
    .where(eq(missingLinks.id, id))
    .for("update");
  if (!row) throw new AppError("not_found", "missingLinks.notFound");
  if (row.resolution !== null)
    throw new AppError("conflict", "missingLinks.alreadyResolved", { values: { title: row.rawTitle } });
  return row;
}

export type LinkOutcome = {
  missingLinkId: string;
  rawTitle: string;
  movie: { id: string; title: string; year: number | null };
  alias: string;
  aliasAdded: boolean;
  /** showtimes that waited for this title and now show the movie */
  showtimes: number;
  /** every missing link resolved by this (the same normalized title from other sources too) */
  resolvedIds: string[];
};

/**
 * Links `link`'s normalized title to the movie, inside `tx`. Every refusal is checked before the first
 * write, so a caller (the bulk link) can catch one and go on in the same transaction.
 */
export async function linkTitle(
  tx: Transaction,
  actor: Actor,
  link: OpenMissingLink,
  movieId: string,
  resolution: "linked" | "new-movie",
): Promise<LinkOutcome> {
  const [movie] = await tx
    .select({ id: movies.id, title: movies.title, year: movies.year, status: movies.status })
    .from(movies)
    .where(eq(movies.id, movieId));
  if (!movie) throw new AppError("not_found", "studio.dataMovies.notFound");
  if (movie.status !== "active")
    throw new AppError("conflict", "missingLinks.movieInactive", { values: { movie: movieLabel(movie) } });
  const alias = link.normalizedTitle;
  const [existing] = await tx
    .select({ movieId: movieAliases.movieId, title: movies.title, year: movies.year })
    .from(movieAliases)
    .innerJoin(movies, eq(movies.id, movieAliases.movieId))
    .where(eq(movieAliases.normalizedTitle, alias));
  if (existing && existing.movieId !== movie.id)
    throw new AppError("conflict", "missingLinks.aliasTaken", {
      values: { alias, movie: movieLabel(existing) },
    });

  if (!existing) await tx.insert(movieAliases).values({ normalizedTitle: alias, movieId: movie.id });

  // Feed titles are stored as the feeds wrote them: the distinct unlinked ones are normalized here, in
  // the same function the import uses, so "Dune (OV)" and "DUNE 3D" from any source both wait for "dune".
  const waiting = await tx
    .selectDistinct({ feedTitle: showtimes.feedTitle })
    .from(showtimes)
    .where(isNull(showtimes.movieId));
  const titles = waiting.map((w) => w.feedTitle).filter((title) => normalizeFeedTitle(title) === alias);
  const linkedShowtimes = titles.length
    ? await tx
        .update(showtimes)
        .set({ movieId: movie.id })
        .where(and(isNull(showtimes.movieId), inArray(showtimes.feedTitle, titles)))
        .returning({ id: showtimes.id })
    : [];

  const resolved = await tx
    .update(missingLinks)
    .set({
      resolution,
      resolvedMovieId: movie.id,
      resolvedBy: actor.profileId,
      resolvedAt: new Date(),
    })
    .where(and(eq(missingLinks.normalizedTitle, alias), isNull(missingLinks.resolution)))
    .returning({ id: missingLinks.id });

  const outcome: LinkOutcome = {
    missingLinkId: link.id,
    rawTitle: link.rawTitle,
    movie: { id: movie.id, title: movie.title, year: movie.year },
    alias,
    aliasAdded: !existing,
    showtimes: linkedShowtimes.length,
    resolvedIds: resolved.map((r) => r.id),
  };
  await writeAuditLog(tx, actor, {
    action: resolution === "new-movie" ? "ingest.missingLink.newMovie" : "ingest.missingLink.link",
    entityType: "missing_link",
    entityId: link.id,
    clientId: null,
    before: { title: link.rawTitle, resolution: null },
    after: {
      title: link.rawTitle,
      resolution,
      movieId: movie.id,
      movie: movieLabel(movie),
      alias,
      aliasAdded: outcome.aliasAdded,
      showtimes: outcome.showtimes,
      resolvedIds: outcome.resolvedIds,
    },
  });
  return outcome;
}
