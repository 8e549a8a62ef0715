// A job as the studio lists it, read from pg-boss's table: its progress (kept in `output` while it runs),
// result or error, attempts, and whether its lease has run out by the database's clock.
import type { JobProgress, JobRecord, JobState } from "./job-queue.ts";
import { JOBS_SCHEMA } from "./pg-boss-instance.ts";

type JsonObject = { [key: string]: unknown };

// The lease as pg-boss's supervisor judges it (failJobsByTimeout, failJobsByHeartbeat), on its clock.
export const JOB_COLUMNS = `id, name, state::text AS state, data, output, retry_count, retry_limit,
    created_on, start_after, started_on, completed_on,
    (state = 'active' AND (started_on + expire_seconds * interval '1s' < ${JOBS_SCHEMA}.job_now()
      OR (heartbeat_seconds IS NOT NULL
        AND heartbeat_on + heartbeat_seconds * interval '1s' < ${JOBS_SCHEMA}.job_now()))) AS lease_lost`;

export function toJobRecord(row: Record<string, unknown>): JobRecord {
  const output = (row.output ?? null) as JsonObject | null;
  const state = row.state as JobState;
  return {
    id: String(row.id),
    kind: String(row.name),
    state,
    payload: row.data,
    progress: (output?.progress as JobProgress | undefined) ?? null,
    result: state === "completed" ? (output?.result ?? null) : null,
    error: state === "failed" || state === "retry" ? errorMessage(output) : null,
    // retry_count counts the retries claimed, so a started job has had one attempt more
    attempts: row.started_on ? Number(row.retry_count) + 1 : 0,
    leaseLost: row.lease_lost === true,
    maxAttempts: Number(row.retry_limit) + 1,
    createdAt: new Date(row.created_on as Date),
    runAfter: new Date(row.start_after as Date),
    startedAt: row.started_on ? new Date(row.started_on as Date) : null,
    completedAt: row.completed_on ? new Date(row.completed_on as Date) : null,
  };
}

/** pg-boss stores a thrown error serialized ({ message, … }) and a timeout as { value: { message } }. */
function errorMessage(output: JsonObject | null): string | null {
  if (!output) return null;
  if (typeof output.message === "string") return output.message;
  const value = output.value as JsonObject | undefined;
  if (value && typeof value.message === "string") return value.message;
  return null;
}
