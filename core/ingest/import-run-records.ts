// An import run's row in import_runs (core/ingest/run-import.ts): opened when the run starts (closing one
// a dead process left "running"), finished with its status, counts and problems, also noted on the source.
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { importRuns, type ImportCounts, type ImportProblem, sources } from "../../db/schema/ingest.ts";
import { problemRef } from "../audit/get-import-run.ts";
import type { ImportRunResult, ImportRunStatus, IngestServices, RunImportInput } from "./run-import.ts";

type Source = typeof sources.$inferSelect;

/** import_runs keeps this many problems; the count says how many there were. */
export const MAX_STORED_PROBLEMS = 500;

export const ZERO_COUNTS: ImportCounts = {
  read: 0,
  inserted: 0,
  updated: 0,
  cancelled: 0,
  unmatched: 0,
  rejected: 0,
};

/** Opens this run's row; a run left "running" by a process that died never finishes, so this closes it. */
export async function startRun(
  services: IngestServices,
  source: Source,
  request: RunImportInput,
): Promise<string> {
  const { db } = services;
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
  return run!.id;
}

export async function finishRun(
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

/** Ends the run as failed with its one problem, having changed nothing else. */
export async function failRun(
  services: IngestServices,
  runId: string,
  source: Source,
  problem: ImportProblem,
): Promise<ImportRunResult> {
  await finishRun(
    services.db,
    runId,
    source,
    {
      status: "failed",
      counts: ZERO_COUNTS,
      problems: [problem],
      errorSummary: problemRef(problem.message, problem.values),
    },
    services.now(),
  );
  return {
    runId,
    status: "failed",
    counts: ZERO_COUNTS,
    problems: [problem],
    problemCount: 1,
    notModified: false,
  };
}
