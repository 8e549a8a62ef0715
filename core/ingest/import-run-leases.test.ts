// A run stored as "running" is shown by its job's lease: running while a worker holds it, "retrying"
// once the lease is lost with attempts left (or the job waits to retry), else "interrupted". The real
// SIGKILL is tests/faults/worker-sigkill.test.ts; here the job's row is put in each state directly.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import type { JobQueue, JobRecord } from "../jobs/job-queue.ts";
import { JOBS_SCHEMA } from "../jobs/pg-boss-instance.ts";
import { appJobKinds } from "../jobs/job-kinds.ts";
import { testQueue } from "../jobs/job-test-helpers.ts";
import { leaseStatus, withLeaseStatus } from "./import-run-leases.ts";

const job = (fields: Partial<JobRecord>): JobRecord => ({
  id: randomUUID(),
  kind: "import-feed",
  state: "active",
  payload: {},
  progress: null,
  result: null,
  error: null,
  attempts: 1,
  maxAttempts: 6,
  leaseLost: false,
  createdAt: new Date(0),
  runAfter: new Date(0),
  startedAt: new Date(0),
  completedAt: null,
  ...fields,
});

it("reads the run's state from its feed's live jobs", () => {
  expect(leaseStatus([job({})])).toBe("running");
  expect(leaseStatus([job({ leaseLost: true })])).toBe("retrying");
  expect(leaseStatus([job({ state: "retry" })])).toBe("retrying");
  // The last attempt's lease lost: nothing will run it again.
  expect(leaseStatus([job({ leaseLost: true, attempts: 6 })])).toBe("interrupted");
  expect(leaseStatus([])).toBe("interrupted");
  // A new attempt holds the feed: it closes the old run as it starts.
  expect(leaseStatus([job({ leaseLost: true }), job({})])).toBe("running");
});

const database = useTestDatabase();
let jobs: JobQueue<typeof appJobKinds> | undefined;
afterAll(async () => jobs?.stop());

it("shows a running run as retrying once its job's heartbeat is older than its lease", async () => {
  const { db } = database();
  jobs = testQueue(database(), appJobKinds, { worker: false });
  const sourceId = randomUUID();
  const other = randomUUID();
  const id = await jobs.enqueue("import-feed", { sourceId });
  // Claimed by a worker whose last heartbeat was `age` ago (no worker here refreshes it).
  const claimed = (age: string) =>
    db.execute(
      sql`UPDATE ${sql.raw(JOBS_SCHEMA)}.job SET state = 'active', started_on = now(),
            heartbeat_on = now() - ${age}::interval WHERE id = ${id}::uuid`,
    );
  const runs = [
    { sourceId, status: "running" as const, trigger: "manual" },
    { sourceId, status: "running" as const, trigger: "cli" },
    { sourceId, status: "succeeded" as const, trigger: "schedule" },
    { sourceId: other, status: "running" as const, trigger: "schedule" },
  ];
  const shown = async () => (await withLeaseStatus(jobs!, runs)).map((run) => run.status);

  await claimed("1 second");
  expect((await jobs.get(id))?.leaseLost).toBe(false);
  // A command-line run has no job; a finished run keeps its status; a feed without a live job was interrupted.
  expect(await shown()).toEqual(["running", "running", "succeeded", "interrupted"]);

  await claimed("11 seconds"); // import-feed's heartbeat is 10 s
  expect((await jobs.get(id))?.leaseLost).toBe(true);
  expect(await shown()).toEqual(["retrying", "running", "succeeded", "interrupted"]);
});
