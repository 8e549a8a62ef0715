// The rematch-showtimes job: every distinct feed title of scheduled showtimes without a movie is matched
// again (a movie or an alias may have been added since the import), with the hints its missing link
// recorded. Linked titles get their showtimes and their open missing links; the rest stay as they are.
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { missingLinks } from "../../db/schema/ingest.ts";
import type { MatchHints } from "../../db/schema/ingest.ts";
import { showtimes } from "../../db/schema/showtimes.ts";
import { invalidateApiData } from "../cache/invalidate-api-data.ts";
import type { ApiResponseCache } from "../cache/response-cache.ts";
import { writeAuditLog } from "../audit/write-audit-log.ts";
import { normalizeFeedTitle } from "../catalog/movies/normalize-feed-title.ts";
import { queryRows } from "../shared/db-rows.ts";
import { createMovieMatcher } from "../matching/create-movie-matcher.ts";
import type { JobProgress } from "../jobs/job-queue.ts";

/** titles per UPDATE */
const CHUNK = 500;

export type RematchResult = {
  titles: number;
  linkedTitles: number;
  linkedShowtimes: number;
  unmatchedTitles: number;
};

export async function rematchUnmatchedShowtimes(
  services: { db: Database; apiCache: ApiResponseCache },
  input: {
    requestedBy?: string | null;
    now?: Date;
    signal?: AbortSignal;
    reportProgress?: (progress: JobProgress) => Promise<void>;
  },
): Promise<RematchResult> {
  const { db } = services;
  const titles = (
    await db
      .selectDistinct({ title: showtimes.feedTitle })
      .from(showtimes)
      .where(and(isNull(showtimes.movieId), eq(showtimes.status, "scheduled")))
      .orderBy(showtimes.feedTitle)
  ).map((row) => row.title);
  const hintsByTitle = new Map<string, MatchHints>();
  for (const row of await db
    .select({ normalizedTitle: missingLinks.normalizedTitle, hints: missingLinks.hints })
    .from(missingLinks)
    .where(isNull(missingLinks.resolution))) {
    hintsByTitle.set(row.normalizedTitle, { ...hintsByTitle.get(row.normalizedTitle), ...row.hints });
  }

  const matcher = createMovieMatcher(db);
  const linked: { title: string; movieId: string }[] = [];
  for (const [index, title] of titles.entries()) {
    input.signal?.throwIfAborted();
    const match = await matcher.match(title, hintsByTitle.get(normalizeFeedTitle(title)) ?? {});
    if (match.movieId) linked.push({ title, movieId: match.movieId });
    await input.reportProgress?.({ done: index + 1, total: titles.length });
  }

  let linkedShowtimes = 0;
  for (let at = 0; at < linked.length; at += CHUNK) {
    const chunk = linked.slice(at, at + CHUNK);
    const values = sql.join(
      chunk.map((l) => sql`(${l.title}::text, ${l.movieId}::uuid)`),
      sql`, `,
    );
    // updated_at moves: the API's changes feed reads it.
    const rows = await queryRows<{ id: string }>(
      db,
      sql`UPDATE showtimes s SET movie_id = v.movie_id, updated_at = now()
            FROM (VALUES ${values}) AS v(title, movie_id)
           WHERE s.feed_title = v.title AND s.movie_id IS NULL AND s.status = 'scheduled'
       RETURNING s.id`,
    );
    linkedShowtimes += rows.length;
    for (const l of chunk) {
      await db
        .update(missingLinks)
        .set({
          resolution: "linked",
          resolvedMovieId: l.movieId,
          resolvedBy: input.requestedBy ?? null,
          resolvedAt: input.now ?? new Date(),
        })
        .where(
          and(isNull(missingLinks.resolution), eq(missingLinks.normalizedTitle, normalizeFeedTitle(l.title))),
        );
    }
  }

  const result = {
    titles: titles.length,
    linkedTitles: linked.length,
    linkedShowtimes,
    unmatchedTitles: titles.length - linked.length,
  };
  await writeAuditLog(db, null, {
    action: "tools.rematch",
    entityType: "showtime",
    actorProfileId: input.requestedBy ?? null,
    after: result,
  });
  if (linkedShowtimes > 0) await invalidateApiData(services);
  return result;
}
