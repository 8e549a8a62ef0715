// A worker process for the exactly-once test (core/jobs/exactly-once.test.ts): boots the job queue the
// server boots, over DATABASE_URL, with the app's job kinds and a counting `import-feed` handler that
// records each run (job id, process id) in the test's `job_runs` table. Stops on SIGTERM.
import pino from "pino";
import { openPostgres } from "../../db/client.ts";
import { appJobKinds } from "../../core/jobs/job-kinds.ts";
import { createJobQueue } from "../../core/jobs/job-queue.ts";

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
await jobs.work({
  "import-feed": async (_payload, { jobId }) => {
    await database.pool.query("INSERT INTO job_runs (job_id, pid) VALUES ($1, $2)", [jobId, process.pid]);
    // Long enough that both processes hold jobs at the same time.
    await new Promise((resolve) => setTimeout(resolve, 20));
    return { counted: true };
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
