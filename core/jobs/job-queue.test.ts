// The job queue on the test database (PGlite, or PostgreSQL with TEST_DATABASE_URL): results kept,
// retries with backoff, a crashed worker's job run again after expiry, cancellation, progress while
// running, payloads refused at enqueue, schedules.
import { PgBoss, fromPglite } from "pg-boss";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import { expectAppError } from "../tenancy/tenancy-test-fixtures.ts";
import { defineJobKind } from "./job-kinds.ts";
import type { JobQueue } from "./job-queue.ts";
import { JOBS_SCHEMA } from "./pg-boss-instance.ts";
import { testQueue, waitForJob } from "./job-test-helpers.ts";

const base = {
  retryLimit: 0,
  retryDelaySeconds: 0,
  retryBackoff: false,
  expireInSeconds: 60,
  concurrency: 2,
  keepSeconds: 3600,
};
const kinds = {
  "test-echo": defineJobKind({ ...base, payload: z.strictObject({ value: z.string() }) }),
  "test-flaky": defineJobKind({
    ...base,
    payload: z.strictObject({}),
    retryLimit: 2,
    retryDelaySeconds: 1,
    retryBackoff: true,
  }),
  "test-crash": defineJobKind({
    ...base,
    payload: z.strictObject({ n: z.number() }),
    retryLimit: 1,
    expireInSeconds: 2,
  }),
  "test-long": defineJobKind({ ...base, payload: z.strictObject({}) }),
  "test-tick": defineJobKind({ ...base, payload: z.strictObject({ from: z.string() }) }),
  "test-feed": defineJobKind({
    ...base,
    payload: z.strictObject({ feed: z.string(), n: z.number() }),
    oneAtATimeBy: ({ feed }) => feed,
    concurrency: 3,
  }),
};

const database = useTestDatabase();
const open: JobQueue<typeof kinds>[] = [];
function queue(options: { worker?: boolean } = {}) {
  const q = testQueue(database(), kinds, options);
  open.push(q);
  return q;
}
afterEach(async () => {
  for (const q of open.splice(0)) await q.stop({ drainTimeoutMs: 1_000 });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("job queue", { timeout: 60_000 }, () => {
  it("runs a job and keeps its result", async () => {
    const q = queue();
    await q.work({ "test-echo": async ({ value }) => ({ echoed: value.toUpperCase() }) });
    const id = await q.enqueue("test-echo", { value: "hello" });
    const job = await waitForJob(q, id, (j) => j.state === "completed");
    expect(job).toMatchObject({
      kind: "test-echo",
      payload: { value: "hello" },
      result: { echoed: "HELLO" },
      error: null,
      attempts: 1,
      maxAttempts: 1,
    });
    expect(job.completedAt).toBeInstanceOf(Date);
    expect((await q.list({ limit: 10, kind: "test-echo" })).map((j) => j.id)).toContain(id);
  });

  it("retries a failing job with growing delays, then fails it with its error", async () => {
    const q = queue();
    const attempts: { attempt: number; at: number }[] = [];
    await q.work({
      "test-flaky": async (_payload, { attempt }) => {
        attempts.push({ attempt, at: Date.now() });
        throw new Error(`feed unreachable (attempt ${attempt})`);
      },
    });
    const id = await q.enqueue("test-flaky", {});
    const job = await waitForJob(q, id, (j) => j.state === "failed", 30_000);
    expect(job).toMatchObject({ error: "feed unreachable (attempt 3)", attempts: 3, maxAttempts: 3 });
    expect(attempts.map((a) => a.attempt)).toEqual([1, 2, 3]);
    // retryDelay 1 s with backoff: 0.5–1 s before the first retry, 1–2 s before the second.
    const firstGap = attempts[1]!.at - attempts[0]!.at;
    const secondGap = attempts[2]!.at - attempts[1]!.at;
    expect(firstGap).toBeGreaterThanOrEqual(450);
    expect(secondGap).toBeGreaterThanOrEqual(950);
  });

  it("runs a crashed worker's job again once its lease expires", async () => {
    const q = queue();
    await q.start();
    const id = await q.enqueue("test-crash", { n: 7 });
    // A worker that claims the job and dies: a bare pg-boss client that fetches and never settles.
    const connection = database().connection;
    const crashed = new PgBoss({
      ...(connection.kind === "pglite"
        ? { db: fromPglite(connection.client), backend: "pglite" as const }
        : { connectionString: connection.url, max: 1 }),
      schema: JOBS_SCHEMA,
      supervise: false,
      schedule: false,
      migrate: false,
    });
    crashed.on("error", () => {});
    await crashed.start();
    const [claimed] = await crashed.fetch("test-crash");
    expect(claimed?.id).toBe(id);
    await crashed.stop({ graceful: false, close: true });
    expect(await q.get(id)).toMatchObject({ state: "active", attempts: 1 });

    const runs: number[] = [];
    await q.work({
      "test-crash": async ({ n }, { attempt }) => {
        runs.push(attempt);
        return { doubled: n * 2 };
      },
    });
    const job = await waitForJob(q, id, (j) => j.state === "completed");
    expect(runs).toEqual([2]);
    expect(job).toMatchObject({ attempts: 2, result: { doubled: 14 } });
  });

  it("keeps progress readable while a job runs", async () => {
    const q = queue();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await q.work({
      "test-long": async (_payload, { reportProgress }) => {
        await reportProgress({ done: 1, total: 3 });
        await released;
        await reportProgress({ done: 3, total: 3 });
        return { imported: 3 };
      },
    });
    const id = await q.enqueue("test-long", {});
    const running = await waitForJob(q, id, (j) => j.progress?.done === 1);
    expect(running).toMatchObject({ state: "active", progress: { done: 1, total: 3 }, result: null });
    release();
    const done = await waitForJob(q, id, (j) => j.state === "completed");
    expect(done).toMatchObject({ progress: { done: 3, total: 3 }, result: { imported: 3 } });
  });

  it("cancels a queued job before it runs", async () => {
    const producer = queue({ worker: false });
    const id = await producer.enqueue(
      "test-echo",
      { value: "never" },
      { startAfter: new Date(Date.now() + 60_000) },
    );
    expect(await producer.cancel("test-echo", id)).toBe(true);
    expect(await producer.get(id)).toMatchObject({ state: "cancelled", attempts: 0 });
    // Finished jobs cannot be cancelled again; an unknown id is no job.
    expect(await producer.cancel("test-echo", id)).toBe(false);
    expect(await producer.cancel("test-echo", "not-a-uuid")).toBe(false);
  });

  it("cancels a running job: the handler's signal aborts, even when cancelled from another instance", async () => {
    const worker = queue();
    const other = queue({ worker: false });
    let aborted = false;
    let started!: () => void;
    const isRunning = new Promise<void>((resolve) => (started = resolve));
    await worker.work({
      "test-long": async (_payload, { signal, reportProgress }) => {
        started();
        for (let step = 0; !signal.aborted && step < 300; step++) {
          await reportProgress({ done: step, total: null });
          await sleep(100);
        }
        aborted = signal.aborted;
        return { finished: !aborted };
      },
    });
    const id = await worker.enqueue("test-long", {});
    await isRunning;
    expect(await other.cancel("test-long", id)).toBe(true);
    await expect.poll(() => aborted, { timeout: 10_000 }).toBe(true);
    expect(await worker.get(id)).toMatchObject({ state: "cancelled", result: null });
  });

  it("never runs two jobs with the same key at once; other keys run beside them", async () => {
    const q = queue();
    const running = new Map<string, number>();
    let mostOfOneFeed = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await q.work({
      "test-feed": async ({ feed }) => {
        running.set(feed, (running.get(feed) ?? 0) + 1);
        mostOfOneFeed = Math.max(mostOfOneFeed, running.get(feed)!);
        await gate;
        await sleep(200);
        running.set(feed, running.get(feed)! - 1);
      },
    });
    const a1 = await q.enqueue("test-feed", { feed: "a", n: 1 });
    const a2 = await q.enqueue("test-feed", { feed: "a", n: 2 });
    const b1 = await q.enqueue("test-feed", { feed: "b", n: 1 });
    // Feeds a and b run together; the second job of feed a waits for the first.
    await expect.poll(() => [running.get("a"), running.get("b")], { timeout: 10_000 }).toEqual([1, 1]);
    await sleep(1_500); // three polls: a free worker slot would have fetched it by now
    const states = await Promise.all([a1, a2].map(async (id) => (await q.get(id))?.state));
    expect(states.sort()).toEqual(["active", "created"]);
    release();
    for (const id of [a1, a2, b1]) await waitForJob(q, id, (j) => j.state === "completed");
    expect(mostOfOneFeed).toBe(1);
  });

  it("refuses unknown kinds and bad payloads at enqueue", async () => {
    const q = queue({ worker: false });
    await expectAppError(
      q.enqueue("test-echo", { value: 5 } as never),
      "invalid_input",
      "jobs.invalidPayload",
    );
    await expectAppError(
      q.enqueue("test-echo", { value: "x", extra: true } as never),
      "invalid_input",
      "jobs.invalidPayload",
    );
    await expectAppError(
      q.enqueue("no-such-kind" as never, {} as never),
      "invalid_input",
      "jobs.unknownKind",
    );
    await expectAppError(q.cancel("no-such-kind", crypto.randomUUID()), "invalid_input", "jobs.unknownKind");
    expect(await q.list({ limit: 10, kind: "test-echo", state: "created" })).toEqual([]);
  });

  it("enqueues from a schedule", async () => {
    const q = queue();
    const seen: string[] = [];
    await q.work({
      "test-tick": async ({ from }) => {
        seen.push(from);
      },
    });
    // Every minute: the due window (the last 60 s) always holds an occurrence, so the next pass sends it.
    await q.schedule("test-tick", "every-minute", "* * * * *", { from: "schedule" });
    expect(await q.schedules("test-tick")).toEqual([
      { key: "every-minute", expression: "* * * * *", payload: { from: "schedule" } },
    ]);
    await expect.poll(() => seen, { timeout: 20_000, interval: 200 }).toContain("schedule");
    await q.unschedule("test-tick", "every-minute");
    expect(await q.schedules("test-tick")).toEqual([]);
    await expectAppError(
      q.schedule("test-tick", "bad", "* * * * *", { from: 1 } as never),
      "invalid_input",
      "jobs.invalidPayload",
    );
  });
});
