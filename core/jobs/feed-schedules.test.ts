// Per-feed refresh schedules: an interval becomes a pg-boss rule keyed by the source, the rule sends
// `import-feed` jobs for that source, and the sync makes the schedules match the sources table.
import { eq } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { sources } from "../../db/schema/ingest.ts";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import { expectAppError } from "../tenancy/tenancy-test-fixtures.ts";
import { appJobKinds } from "./job-kinds.ts";
import type { JobQueue } from "./job-queue.ts";
import { feedScheduleRule, setFeedSchedule } from "./set-feed-schedule.ts";
import { syncFeedSchedules } from "./sync-feed-schedules.ts";
import { testQueue } from "./job-test-helpers.ts";

const database = useTestDatabase();
let jobs: JobQueue<typeof appJobKinds> | undefined;
afterAll(async () => {
  await jobs?.stop({ drainTimeoutMs: 1_000 });
});

async function addSource(interval: number | null, enabled = true) {
  const [row] = await database()
    .db.insert(sources)
    .values({
      name: "Feed",
      format: "reeltime-json",
      location: "https://example.test/feed.json",
      scheduleIntervalSeconds: interval,
      enabled,
    })
    .returning({ id: sources.id });
  return row!.id;
}

it("turns an interval into a rule anchored per source, the same on every call", () => {
  const a = "0b6f1e0e-8d7c-4b0f-9a57-1d1a3c1b2e01";
  const b = "7f0c2d44-55aa-4c1e-8e3b-2b9c6a0d9f10";
  expect(feedScheduleRule(a, 3600)).toMatch(/^DTSTART:19700101T\d{6}Z\nRRULE:FREQ=SECONDLY;INTERVAL=3600$/);
  expect(feedScheduleRule(a, 3600)).toBe(feedScheduleRule(a, 3600));
  expect(feedScheduleRule(a, 3600)).not.toBe(feedScheduleRule(b, 3600));
});

it(
  "sets, replaces and removes a source's schedule; the schedule sends import jobs for that source",
  { timeout: 60_000 },
  async () => {
    jobs = testQueue(database(), appJobKinds);
    await jobs.work({}); // schedules run; import-feed has no handler here, so its jobs stay queued
    const sourceId = await addSource(60);

    await setFeedSchedule(jobs, { sourceId, intervalSeconds: 3600 });
    await setFeedSchedule(jobs, { sourceId, intervalSeconds: 60 });
    expect(await jobs.schedules("import-feed")).toEqual([
      {
        key: sourceId,
        expression: feedScheduleRule(sourceId, 60),
        payload: { sourceId, trigger: "schedule" },
      },
    ]);
    // Every minute: the next schedule pass finds an occurrence in its window and sends the job.
    await expect
      .poll(async () => (await jobs!.list({ limit: 10, kind: "import-feed" })).map((j) => j.payload), {
        timeout: 30_000,
        interval: 250,
      })
      .toContainEqual({ sourceId, trigger: "schedule" });

    await setFeedSchedule(jobs, { sourceId, intervalSeconds: null });
    expect(await jobs.schedules("import-feed")).toEqual([]);

    await expectAppError(
      setFeedSchedule(jobs, { sourceId, intervalSeconds: 59 }),
      "invalid_input",
      "jobs.invalidSchedule",
    );
    await expectAppError(
      setFeedSchedule(jobs, { sourceId, intervalSeconds: 90.5 }),
      "invalid_input",
      "jobs.invalidSchedule",
    );
    await expectAppError(
      setFeedSchedule(jobs, { sourceId: "not-a-uuid", intervalSeconds: 60 }),
      "invalid_input",
      "jobs.invalidSchedule",
    );
    await database().db.delete(sources).where(eq(sources.id, sourceId));
  },
);

it("syncs the schedules with the enabled sources that have an interval", { timeout: 30_000 }, async () => {
  jobs ??= testQueue(database(), appJobKinds);
  const hourly = await addSource(3600);
  const tooOften = await addSource(10);
  await addSource(null);
  await addSource(600, false);
  const stale = "11111111-2222-4333-8444-555555555555";
  await setFeedSchedule(jobs, { sourceId: stale, intervalSeconds: 120 });
  await setFeedSchedule(jobs, { sourceId: hourly, intervalSeconds: 120 });

  expect(await syncFeedSchedules({ db: database().db, jobs })).toEqual({ set: 2, removed: 1 });
  const schedules = await jobs.schedules("import-feed");
  expect(Object.fromEntries(schedules.map((s) => [s.key, s.expression]))).toEqual({
    [hourly]: feedScheduleRule(hourly, 3600),
    [tooOften]: feedScheduleRule(tooOften, 60),
  });
  // Already in step: nothing to do.
  expect(await syncFeedSchedules({ db: database().db, jobs })).toEqual({ set: 0, removed: 0 });
});
