// Start-up of the background jobs: the nightly purge scheduled with the configured age, the purge
// handler wired (a queued purge runs), and WORKER=false running nothing.
import { DEFAULT_FEED_FETCH_SETTINGS } from "../core/ingest/fetch-feed.ts";
import pino from "pino";
import { afterEach, expect, it } from "vitest";
import { createApiResponseCache } from "../core/cache/response-cache.ts";
import { uploadServices } from "../core/assets/asset-test-support.ts";
import { appJobKinds } from "../core/jobs/job-kinds.ts";
import type { JobQueue } from "../core/jobs/job-queue.ts";
import { testQueue, waitForJob } from "../core/jobs/job-test-helpers.ts";
import { useTestDatabase } from "../tests/helpers/test-db.ts";
import { PURGE_SCHEDULE, startJobs } from "./jobs.ts";

const database = useTestDatabase();
const logger = pino({ level: "silent" });
const open: JobQueue<typeof appJobKinds>[] = [];
afterEach(async () => {
  for (const jobs of open.splice(0)) await jobs.stop({ drainTimeoutMs: 1_000 });
});

function services(worker: boolean) {
  const jobs = testQueue(database(), appJobKinds, { worker });
  open.push(jobs);
  return {
    ...uploadServices(database().db),
    jobs,
    apiCache: createApiResponseCache(),
    now: () => new Date(),
    feeds: { fetch: DEFAULT_FEED_FETCH_SETTINGS, credentialsKey: Buffer.alloc(32, 1) },
    imageFetch: DEFAULT_FEED_FETCH_SETTINGS,
  };
}

it(
  "schedules the nightly purge with the configured age and runs purge jobs",
  { timeout: 60_000 },
  async () => {
    const s = services(true);
    await startJobs({ services: s, config: { WORKER: true, PURGE_SHOWTIMES_AFTER_DAYS: 30 }, logger });
    expect(await s.jobs.schedules("purge-old-showtimes")).toEqual([
      { key: "nightly", expression: PURGE_SCHEDULE, payload: { olderThanDays: 30 } },
    ]);
    const id = await s.jobs.enqueue("purge-old-showtimes", { olderThanDays: 30 });
    const job = await waitForJob(s.jobs, id, (j) => j.state === "completed");
    expect(job.result).toMatchObject({ deleted: 0 });
  },
);

it("runs nothing with WORKER=false, but still enqueues", { timeout: 60_000 }, async () => {
  const s = services(false);
  await startJobs({ services: s, config: { WORKER: false, PURGE_SHOWTIMES_AFTER_DAYS: 90 }, logger });
  const id = await s.jobs.enqueue("purge-old-showtimes", { olderThanDays: 90 });
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  expect(await s.jobs.get(id)).toMatchObject({ state: "created", attempts: 0 });
});
