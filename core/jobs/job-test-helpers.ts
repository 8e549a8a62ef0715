// Test helpers for the job queue: quick cadences, a quiet logger, waiting for a job's state.
import pino from "pino";
import type { DatabaseHandle } from "../../db/client.ts";
import type { JobDefinitions } from "./job-kinds.ts";
import { createJobQueue, type JobQueue, type JobRecord, type JobTimings } from "./job-queue.ts";

export const quickTimings: JobTimings = {
  pollingIntervalSeconds: 0.5,
  superviseIntervalSeconds: 1,
  monitorIntervalSeconds: 1,
  cronMonitorIntervalSeconds: 1,
  cronWorkerIntervalSeconds: 1,
};

export function testQueue<D extends JobDefinitions>(
  database: DatabaseHandle,
  kinds: D,
  options: { worker?: boolean } = {},
): JobQueue<D> {
  return createJobQueue({
    database,
    kinds,
    logger: pino({ level: "silent" }),
    worker: options.worker ?? true,
    timings: quickTimings,
  });
}

/** Polls until the job satisfies `done` (or fails the test after `timeoutMs`). */
export async function waitForJob<D extends JobDefinitions>(
  queue: JobQueue<D>,
  id: string,
  done: (job: JobRecord) => boolean,
  timeoutMs = 20_000,
): Promise<JobRecord> {
  const deadline = Date.now() + timeoutMs;
  let last: JobRecord | null = null;
  while (Date.now() < deadline) {
    last = await queue.get(id);
    if (last && done(last)) return last;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`job ${id} did not get there within ${timeoutMs} ms; last seen: ${JSON.stringify(last)}`);
}
