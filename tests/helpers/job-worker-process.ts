// A worker process for the exactly-once test (core/jobs/exactly-once.test.ts): boots the job queue the
// server boots, over DATABASE_URL, with the app's job kinds and the server's own `import-feed` handler (a
// real import run), wrapped to record each run (job id, process id) in the test's `job_runs` table.
// Stops on SIGTERM.
import pino from "pino";
import { openPostgres } from "../../db/client.ts";
import { appJobKinds } from "../../core/jobs/job-kinds.ts";
import { createJobQueue } from "../../core/jobs/job-queue.ts";
import { createApiResponseCache } from "../../core/api/response-cache.ts";
import { DEFAULT_FEED_FETCH_SETTINGS } from "../../core/ingest/fetch-feed.ts";
import { jobHandlers } from "../../server/jobs.ts";

const url = process.env.DATABASE_URL;
if (!url) throw new Error("DATABASE_URL is required");

const database = await openPostgres(url, { max: 2 });
const jobs = createJobQueue({
  database,
  kinds: appJobKinds,
  logger: pino({ level: "warn" }),
  worker: true,
  timings: { pollingIntervalSeconds: 0.5 },
});
const importFeed = jobHandlers({
  db: database.db,
  jobs,
  apiCache: createApiResponseCache(),
  now: () => new Date(),
  feeds: { fetch: DEFAULT_FEED_FETCH_SETTINGS, credentialsKey: Buffer.alloc(32, 5) },
})["import-feed"]!;
await jobs.work({
  "import-feed": async (payload, context) => {
    await database.pool.query("INSERT INTO job_runs (job_id, pid) VALUES ($1, $2)", [
      context.jobId,
      process.pid,
    ]);
    return importFeed(payload, context);
  },
});
process.stdout.write("ready\n");

process.on("SIGTERM", () => {
  void (async () => {
    await jobs.stop({ drainTimeoutMs: 5_000 });
    await database.close();
    process.exit(0);
  })();
});
