// One import run (PRODUCT.md §6): fetch (or take the given input), parse with the source's adapter, settle
// each row's cinema, time and attribute codes, match movies, and write it all in ONE transaction: upsert by
// (source, source_ref), cancel what vanished from a complete feed, record missing links. The run is logged
// in import_runs with counts and row-level problems whatever happens:
//   - a feed that cannot be fetched or parsed changes nothing and the run says why (failed);
//   - rows with a bad value are skipped and listed while the rest import (partial);
//   - the same input twice changes nothing the second time.
// Its steps live beside it: the fetch (read-feed.ts), the one transaction (apply-feed.ts, with
// settle-feed-rows.ts, link-feed-movies.ts and upsert-feed-showtimes.ts) and the run's row
// (import-run-records.ts).
import { eq } from "drizzle-orm";
import { type ImportCounts, type ImportProblem, sources } from "../../db/schema/ingest.ts";
import { invalidateApiData } from "../cache/invalidate-api-data.ts";
import { AppError } from "../errors.ts";
import type { AppServices } from "../services.ts";
import { applyFeed, type RunState } from "./apply-feed.ts";
import { FeedParseError } from "./feed.ts";
import { FeedFetchError } from "./fetch-feed.ts";
import { failRun, finishRun, MAX_STORED_PROBLEMS, startRun, ZERO_COUNTS } from "./import-run-records.ts";
import { unmappedProblems } from "./normalize-feed-row.ts";
import { readFeed } from "./read-feed.ts";

export type IngestServices = Pick<AppServices, "db" | "now" | "apiCache" | "feeds">;

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

/** Runs the import of one source; never throws for a bad feed (the run records it), only for a missing source. */
export async function runImport(services: IngestServices, request: RunImportInput): Promise<ImportRunResult> {
  const { db } = services;
  const [source] = await db.select().from(sources).where(eq(sources.id, request.sourceId));
  if (!source) throw new AppError("not_found", "studio.sources.notFound");
  // A disabled feed keeps its settings and does not run (a job queued before it was disabled included).
  if (!source.enabled && request.trigger !== "cli") {
    throw new AppError("conflict", "studio.sources.disabled", { values: { name: source.name } });
  }
  const runId = await startRun(services, source, request);

  let feed: Awaited<ReturnType<typeof readFeed>>;
  try {
    feed = await readFeed(services, source, request.input);
  } catch (error) {
    if (error instanceof FeedFetchError) {
      return failRun(services, runId, source, {
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
      { status: "not-modified", counts: ZERO_COUNTS, problems: [] },
      services.now(),
    );
    return {
      runId,
      status: "succeeded",
      counts: ZERO_COUNTS,
      problems: [],
      problemCount: 0,
      notModified: true,
    };
  }

  const state: RunState = {
    problems: [],
    counts: { ...ZERO_COUNTS },
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
      return failRun(services, runId, source, {
        where: error.where,
        field: "",
        message: error.reason,
        values: error.values,
      });
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
