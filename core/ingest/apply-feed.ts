// An import run's writing step (core/ingest/run-import.ts): the whole feed in ONE transaction, part by
// part through the adapter, settling (settle-feed-rows.ts), matching (link-feed-movies.ts) and the
// showtime writer; then what vanished from a complete feed is cancelled and the missing links filed.
import { eq, sql } from "drizzle-orm";
import { type ImportCounts, type ImportProblem, sources } from "../../db/schema/ingest.ts";
import type { Transaction } from "../catalog/attributes/attributes.ts";
import { createMovieMatcher } from "../matching/create-movie-matcher.ts";
import { recordMissingLink } from "../matching/record-missing-link.ts";
import { adapterFor } from "./adapters/adapter-for-format.ts";
import { feedParts } from "./feed.ts";
import { duplicateShowtimeFilter, movieLinker, type Unmatched } from "./link-feed-movies.ts";
import type { UnmappedValues } from "./normalize-feed-row.ts";
import type { FeedText } from "./read-feed.ts";
import type { IngestServices } from "./run-import.ts";
import { rowSettler } from "./settle-feed-rows.ts";
import { cancelVanishedShowtimes, showtimeWriter } from "./upsert-feed-showtimes.ts";

type Source = typeof sources.$inferSelect;

/** showtimes read, settled and matched while the previous part is written */
const PART_SIZE = 5_000;

/** What a run gathers as it goes: its counts, problems, unmapped values and missing links. */
export type RunState = {
  problems: ImportProblem[];
  counts: ImportCounts;
  unmapped: UnmappedValues;
  unmatched: Unmatched;
  showtimesRead: number;
};

/**
 * Writes a feed in one transaction: reads, settles and matches one part while the previous ones are
 * being written; then cancels what vanished from a complete feed and files the missing links.
 */
export async function applyFeed(
  tx: Transaction,
  services: IngestServices,
  source: Source,
  feed: FeedText,
  complete: boolean,
  run: RunState,
): Promise<void> {
  // One run per source writes at a time.
  await tx.execute(sql`select 1 from sources where id = ${source.id}::uuid for update`);
  const settle = await rowSettler(tx, source, run.problems, run.unmapped);
  const link = movieLinker(createMovieMatcher(tx), run.unmatched, run.counts);
  const withoutDuplicates = duplicateShowtimeFilter(run.problems);
  const writer = await showtimeWriter(tx, source.id);
  const seenRefs = new Set<string>();
  let firstStart: string | undefined;
  for await (const part of feedParts(adapterFor(source.format), feed.text, PART_SIZE)) {
    run.showtimesRead += part.showtimes.length;
    run.counts.read += part.showtimes.length + part.problems.length;
    run.problems.push(...part.problems);
    const writes = withoutDuplicates(await link(settle(part.showtimes)));
    for (const row of writes) {
      seenRefs.add(row.source_ref);
      if (firstStart === undefined || row.starts_at < firstStart) firstStart = row.starts_at;
    }
    await writer.write(writes);
    // Let the driver's I/O run: it sends the next queued batch only when it reads the last one's answer,
    // and reading the next part is synchronous work (~0.1 s) that would otherwise leave the database idle.
    await new Promise((resolve) => setImmediate(resolve));
  }
  const written = await writer.finish();
  run.counts.inserted = written.inserted;
  run.counts.updated = written.updated;
  if (complete && firstStart !== undefined) {
    // Every future show it no longer lists, and in the past only within the feed's own window (a feed
    // drops shows once they are over; that is no cancellation).
    const from = new Date(Math.min(Date.parse(firstStart), services.now().getTime()));
    const vanished = [...writer.known].filter((ref) => !seenRefs.has(ref));
    run.counts.cancelled = await cancelVanishedShowtimes(tx, source.id, from, vanished);
  }
  for (const [normalizedTitle, { row, candidates }] of run.unmatched) {
    await recordMissingLink(tx, {
      sourceId: source.id,
      rawTitle: row.title,
      normalizedTitle,
      hints: row.hints,
      candidates,
      now: services.now(),
    });
  }
  if (feed.etag || feed.lastModified) {
    await tx
      .update(sources)
      .set({ httpEtag: feed.etag, httpLastModified: feed.lastModified })
      .where(eq(sources.id, source.id));
  }
}
