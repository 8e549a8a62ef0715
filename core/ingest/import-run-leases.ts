// Whether an import run stored as "running" still runs. A run is written "running" when it starts and
// closed when it ends, so a worker killed part way leaves it "running" until the retry (or the feed's
// next run) closes it as interrupted (run-import.ts). Until then the job that ran it says more: its lease
// lives while the worker's heartbeat does (job-kinds.ts), and is gone 10 s after the worker died.
import type { ImportRunShownStatus, ImportRunStatus } from "../audit/import-run-statuses.ts";
import type { JobQueue, JobRecord } from "../jobs/job-queue.ts";
import type { AppJobKinds } from "../jobs/job-kinds.ts";

type RunLike = { sourceId: string; status: ImportRunStatus; trigger: string };

/** The live jobs of one feed read for a run (its imports never run side by side: few are live). */
const JOBS_READ = 20;

/**
 * A running run's state from its feed's import jobs: a job holding a live lease is running it (imports
 * of one feed never run side by side, and a new attempt closes the old run as soon as it starts); with
 * none, the run was interrupted, and is retried if a job waits to retry or lost its lease with attempts
 * left (the supervisor will fail it into a retry).
 */
export function leaseStatus(jobs: readonly JobRecord[]): "running" | "retrying" | "interrupted" {
  if (jobs.some((job) => job.state === "active" && !job.leaseLost)) return "running";
  // What is left active here lost its lease: with attempts left, the supervisor fails it into a retry.
  const retried = jobs.some(
    (job) => job.state === "retry" || (job.state === "active" && job.attempts < job.maxAttempts),
  );
  return retried ? "retrying" : "interrupted";
}

/**
 * The runs with the status the studio shows. Runs of the command line have no job: what they store is
 * all there is to say.
 */
export async function withLeaseStatus<Run extends RunLike>(
  jobs: Pick<JobQueue<AppJobKinds>, "list">,
  runs: readonly Run[],
): Promise<(Omit<Run, "status"> & { status: ImportRunShownStatus })[]> {
  const sourceIds = new Set(
    runs.filter((run) => run.status === "running" && run.trigger !== "cli").map((run) => run.sourceId),
  );
  const states = new Map<string, ImportRunShownStatus>();
  await Promise.all(
    [...sourceIds].map(async (sourceId) => {
      const read = (state: "active" | "retry") =>
        jobs.list({ limit: JOBS_READ, kind: "import-feed", state, payload: { sourceId } });
      const [active, retry] = await Promise.all([read("active"), read("retry")]);
      states.set(sourceId, leaseStatus([...active, ...retry]));
    }),
  );
  return runs.map((run) => ({
    ...run,
    status: run.status === "running" && run.trigger !== "cli" ? states.get(run.sourceId)! : run.status,
  }));
}
