// One import run (PRODUCT.md §6): fetch (or take the given input), parse with the source's adapter, settle
// each row's cinema, time and attribute codes, match movies, and write it all in ONE transaction: upsert by
// (source, source_ref), cancel what vanished from a complete feed, record missing links. The run is logged
// in import_runs with counts and row-level problems whatever happens:
//   - a feed that cannot be fetched or parsed changes nothing and the run says why (failed);
//   - rows with a bad value are skipped and listed while the rest import (partial);
//   - the same input twice changes nothing the second time.
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import {
  importRuns,
  type ImportCounts,
  type ImportProblem,
  sources,
  sourceUploads,
} from "../../db/schema/ingest.ts";
import type { ApiResponseCache } from "../cache/response-cache.ts";
import { invalidateApiData } from "../cache/invalidate-api-data.ts";
import { problemRef } from "../audit/get-import-run.ts";
import type { Transaction } from "../catalog/attributes/attributes.ts";
import { AppError } from "../errors.ts";
import { normalizeFeedTitle } from "../catalog/movies/normalize-feed-title.ts";
import { adapterFor } from "./adapters/adapter-for-format.ts";
import { type FeedShowtime, FeedParseError, feedParts } from "./feed.ts";
import { decryptFeedCredentials } from "./feed-credentials.ts";
import { type FeedFetchSettings, FeedFetchError, fetchFeed } from "./fetch-feed.ts";
import { createMovieMatcher, type MatchResult, type MovieMatcher } from "../matching/create-movie-matcher.ts";
import { recordMissingLink } from "../matching/record-missing-link.ts";
import {
  loadAttributeCodes,
  normalizeFeedRow,
  type UnmappedValues,
  unmappedProblems,
} from "./normalize-feed-row.ts";
import { cinemaResolver } from "./resolve-cinemas.ts";
import { cancelVanishedShowtimes, type ShowtimeWrite, showtimeWriter } from "./upsert-feed-showtimes.ts";

export type IngestServices = {
  db: Database;
  now: () => Date;
  apiCache: ApiResponseCache;
  feeds: { fetch: FeedFetchSettings; credentialsKey: Buffer };
};

export type ImportRunStatus = "succeeded" | "failed" | "partial";

export type ImportRunResult = {
  runId: string;
  status: ImportRunStatus;
  counts: ImportCounts;
  /** the first problems (at most MAX_STORED_PROBLEMS); `problemCount` says how many there were */
  problems: ImportProblem[];
  problemCount: number;
  /** the fetch answered 304: nothing was read */
  notModified: boolean;
};

export type RunImportInput = {
  sourceId: string;
  /** the feed's text, when it does not come from the source's URL (an upload, the CLI) */
  input?: string;
  /** overrides the source's own "complete" setting for this run */
  complete?: boolean;
  /** what started it (default: its schedule) and, for a person in the studio, who */
  trigger?: "schedule" | "manual" | "cli";
  triggeredBy?: string;
};

/** import_runs keeps this many problems; the count says how many there were. */
export const MAX_STORED_PROBLEMS = 500;

/** showtimes read, settled and matched while the previous part is written */
const PART_SIZE = 5_000;

const ZERO: ImportCounts = { read: 0, inserted: 0, updated: 0, cancelled: 0, unmatched: 0, rejected: 0 };

type Source = typeof sources.$inferSelect;

async function readFeed(
  services: IngestServices,
  source: Source,
  input: string | undefined,
): Promise<{ text: string; etag: string | null; lastModified: string | null } | "not-modified"> {
  if (input !== undefined) return { text: input, etag: null, lastModified: null };
  if (source.location === "upload") {
    const [upload] = await services.db
      .select({ content: sourceUploads.content })
      .from(sourceUploads)
      .where(eq(sourceUploads.sourceId, source.id));
    if (!upload) throw new FeedFetchError("ingest.problem.noInput");
    return { text: upload.content, etag: null, lastModified: null };
  }
  if (!/^https?:\/\//i.test(source.location)) throw new FeedFetchError("ingest.problem.noInput");
  const credentials = source.credentialsEncrypted
    ? decryptFeedCredentials(source.credentialsEncrypted, services.feeds.credentialsKey, source.id)
    : null;
  if (source.credentialsEncrypted && !credentials)
    throw new FeedFetchError("ingest.problem.credentialsUnreadable");
  const response = await fetchFeed(
    { url: source.location, etag: source.httpEtag, lastModified: source.httpLastModified, credentials },
    services.feeds.fetch,
  );
  if (response.status === "not-modified") return "not-modified";
  return { text: response.body, etag: response.etag, lastModified: response.lastModified };
}

/** Later rows with a ref already seen are skipped: one showtime per (source, ref) per run. */
function duplicateRefFilter(problems: ImportProblem[]): (rows: FeedShowtime[]) => FeedShowtime[] {
  const seen = new Map<string, string>();
  return (rows) =>
    rows.filter((row) => {
      const first = seen.get(row.ref);
      if (first === undefined) return (seen.set(row.ref, row.where), true);
      problems.push({
        where: row.where,
        field: "id",
        message: "ingest.problem.duplicateRef",
        values: { ref: row.ref.slice(0, 80), first },
      });
      return false;
    });
}

type Settled = { row: FeedShowtime; write: Omit<ShowtimeWrite, "movie_id"> };

/** Settles each row's cinema, local time and attribute codes; a row that cannot be settled is a problem. */
async function rowSettler(
  db: Database,
  source: Source,
  problems: ImportProblem[],
  unmapped: UnmappedValues,
): Promise<(rows: FeedShowtime[]) => Settled[]> {
  const resolveCinema = await cinemaResolver(db, source);
  const attributeCodes = await loadAttributeCodes(db);
  const withoutDuplicates = duplicateRefFilter(problems);
  return (rows) => {
    const settled: Settled[] = [];
    for (const row of withoutDuplicates(rows)) {
      const cinema = resolveCinema(row);
      const result = "message" in cinema ? cinema : normalizeFeedRow(row, cinema, attributeCodes, unmapped);
      if ("message" in result) problems.push(result);
      else settled.push({ row, write: result });
    }
    return settled;
  };
}

type Linked = { row: FeedShowtime; write: ShowtimeWrite };

/**
 * Later rows that repeat a showtime under another ref (same cinema, film, start, attributes and languages)
 * are skipped: a visitor would see one show listed twice. The film is the feed's own title as well as the
 * matched movie: "Film (OV)" and "Film (NL)" at the same minute are two shows even when the feed gives no
 * languages, and a wrongly merged show is worse than a repeated one.
 */
function duplicateShowtimeFilter(problems: ImportProblem[]): (linked: Linked[]) => ShowtimeWrite[] {
  const seen = new Map<string, string>();
  // Cinemas, movies and titles by a short number: a million keys stay small (normalizeFeedRow sorts the lists).
  const numbers = new Map<string, number>();
  const numberOf = (value: string) => {
    let number = numbers.get(value);
    if (number === undefined) numbers.set(value, (number = numbers.size));
    return number;
  };
  return (linked) => {
    const writes: ShowtimeWrite[] = [];
    for (const { row, write } of linked) {
      const film = `${numberOf(write.movie_id ?? "")} ${numberOf(write.feed_title)}`;
      const key = `${numberOf(write.cinema_id)} ${film} ${write.starts_at} ${write.attributes.join()} ${write.audio_language} ${write.subtitle_languages.join()}`;
      const first = seen.get(key);
      if (first === undefined) {
        seen.set(key, row.where);
        writes.push(write);
      } else {
        problems.push({
          where: row.where,
          field: "starts_at",
          message: "ingest.problem.duplicateShowtime",
          values: { first },
        });
      }
    }
    return writes;
  };
}

type Unmatched = Map<string, { row: FeedShowtime; candidates: MatchResult["candidates"] }>;

/**
 * Links the rows to movies: each distinct title (with its hints) is matched once per run, not once per
 * showtime; titles no movie matched are kept once per normalized title, the run's missing links.
 */
function movieLinker(matcher: MovieMatcher, unmatched: Unmatched, counts: ImportCounts) {
  // Most feeds give no hints: the title alone is the key then (no JSON per row).
  const keyOf = (row: FeedShowtime) =>
    Object.keys(row.hints).length === 0 ? row.title : `${row.title}\u0000${JSON.stringify(row.hints)}`;
  const matches = new Map<string, MatchResult>();
  return async (settled: Settled[]): Promise<Linked[]> => {
    const linked: Linked[] = [];
    for (const { row, write } of settled) {
      const key = keyOf(row);
      let match = matches.get(key);
      if (!match) {
        match = await matcher.match(row.title, row.hints);
        matches.set(key, match);
        const normalizedTitle = normalizeFeedTitle(row.title);
        if (!match.movieId && !unmatched.has(normalizedTitle)) {
          unmatched.set(normalizedTitle, { row, candidates: match.candidates });
        }
      }
      if (!match.movieId) counts.unmatched += 1;
      linked.push({ row, write: { ...write, movie_id: match.movieId } });
    }
    return linked;
  };
}

async function finishRun(
  db: Database,
  runId: string,
  source: Source,
  outcome: {
    status: ImportRunStatus | "not-modified";
    counts: ImportCounts;
    problems: ImportProblem[];
    errorSummary?: string;
  },
  now: Date,
) {
  const status = outcome.status === "not-modified" ? "succeeded" : outcome.status;
  await db
    .update(importRuns)
    .set({
      status,
      finishedAt: now,
      counts: outcome.counts,
      problems: outcome.problems.slice(0, MAX_STORED_PROBLEMS),
      errorSummary: outcome.errorSummary ?? null,
    })
    .where(eq(importRuns.id, runId));
  await db
    .update(sources)
    .set({ lastRunAt: now, lastStatus: outcome.status })
    .where(eq(sources.id, source.id));
}

/** What a run gathers as it goes: its counts, problems, unmapped values and missing links. */
type RunState = {
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
async function applyFeed(
  tx: Transaction,
  services: IngestServices,
  source: Source,
  feed: { text: string; etag: string | null; lastModified: string | null },
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

/** Runs the import of one source; never throws for a bad feed (the run records it), only for a missing source. */
export async function runImport(services: IngestServices, request: RunImportInput): Promise<ImportRunResult> {
  const { db } = services;
  const [source] = await db.select().from(sources).where(eq(sources.id, request.sourceId));
  if (!source) throw new AppError("not_found", "studio.sources.notFound");
  // A disabled feed keeps its settings and does not run (a job queued before it was disabled included).
  if (!source.enabled && request.trigger !== "cli") {
    throw new AppError("conflict", "studio.sources.disabled", { values: { name: source.name } });
  }
  // A run left "running" by a process that died never finishes: the next run closes it.
  await db
    .update(importRuns)
    .set({ status: "failed", finishedAt: services.now(), errorSummary: "ingest.problem.interrupted" })
    .where(and(eq(importRuns.sourceId, source.id), eq(importRuns.status, "running")));
  const [run] = await db
    .insert(importRuns)
    .values({
      sourceId: source.id,
      startedAt: services.now(),
      trigger: request.trigger ?? "schedule",
      triggeredBy: request.triggeredBy ?? null,
    })
    .returning({ id: importRuns.id });
  const runId = run!.id;

  const fail = async (problem: ImportProblem) => {
    await finishRun(
      db,
      runId,
      source,
      {
        status: "failed",
        counts: ZERO,
        problems: [problem],
        errorSummary: problemRef(problem.message, problem.values),
      },
      services.now(),
    );
    return {
      runId,
      status: "failed" as const,
      counts: ZERO,
      problems: [problem],
      problemCount: 1,
      notModified: false,
    };
  };

  let feed: Awaited<ReturnType<typeof readFeed>>;
  try {
    feed = await readFeed(services, source, request.input);
  } catch (error) {
    if (error instanceof FeedFetchError) {
      return fail({
        where: source.location.slice(0, 200),
        field: "",
        message: error.reason,
        values: error.values,
      });
    }
    throw error;
  }
  if (feed === "not-modified") {
    await finishRun(
      db,
      runId,
      source,
      { status: "not-modified", counts: ZERO, problems: [] },
      services.now(),
    );
    return { runId, status: "succeeded", counts: ZERO, problems: [], problemCount: 0, notModified: true };
  }

  const state: RunState = {
    problems: [],
    counts: { ...ZERO },
    unmapped: { attributes: new Map(), languages: new Map() },
    unmatched: new Map(),
    showtimesRead: 0,
  };
  const { problems, counts, unmapped } = state;
  const complete = request.complete ?? source.isComplete;
  try {
    await db.transaction((tx) => applyFeed(tx, services, source, feed, complete, state));
  } catch (error) {
    // The feed turned out unreadable part way: the transaction wrote nothing.
    if (error instanceof FeedParseError) {
      return fail({ where: error.where, field: "", message: error.reason, values: error.values });
    }
    throw error;
  }
  counts.rejected = problems.length;
  problems.push(...unmappedProblems(unmapped));
  if (complete && state.showtimesRead === 0) {
    // An empty "complete" feed is more likely a broken export than a cinema without shows: nothing is cancelled.
    problems.push({ where: "", field: "", message: "ingest.problem.emptyCompleteFeed" });
  }
  if (counts.inserted + counts.updated + counts.cancelled > 0) await invalidateApiData(services);

  const status: ImportRunStatus = counts.rejected > 0 ? "partial" : "succeeded";
  await finishRun(db, runId, source, { status, counts, problems }, services.now());
  return {
    runId,
    status,
    counts,
    problems: problems.slice(0, MAX_STORED_PROBLEMS),
    problemCount: problems.length,
    notModified: false,
  };
}
