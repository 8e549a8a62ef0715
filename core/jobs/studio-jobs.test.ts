// The studio's job operations: listing (state, progress, result, error) and cancelling, super admins only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import {
  actorFor,
  auditRowsFor,
  createScenario,
  expectAppError,
  missingId,
  type Scenario,
} from "../tenancy/tenancy-test-fixtures.ts";
import { cancelJob } from "./cancel-job.ts";
import { defineJobKind } from "./job-kinds.ts";
import type { JobQueue } from "./job-queue.ts";
import { listRecentJobs } from "./list-recent-jobs.ts";
import { testQueue, waitForJob } from "./job-test-helpers.ts";

const kinds = {
  "studio-test": defineJobKind({
    payload: z.strictObject({ ok: z.boolean() }),
    retryLimit: 0,
    retryDelaySeconds: 0,
    retryBackoff: false,
    expireInSeconds: 60,
    concurrency: 1,
    keepSeconds: 3600,
  }),
};

const database = useTestDatabase();
let s: Scenario;
let jobs: JobQueue<typeof kinds>;
beforeAll(async () => {
  s = await createScenario(database().db);
  jobs = testQueue(database(), kinds);
});
afterAll(async () => {
  await jobs.stop({ drainTimeoutMs: 1_000 });
});

describe("studio jobs", { timeout: 60_000 }, () => {
  it("lists the newest jobs with state, result and error, for super admins only", async () => {
    await jobs.work({
      "studio-test": async ({ ok }) => {
        if (!ok) throw new Error("the feed answered 500");
        return { rows: 12 };
      },
    });
    const good = await jobs.enqueue("studio-test", { ok: true });
    const bad = await jobs.enqueue("studio-test", { ok: false });
    await waitForJob(jobs, good, (j) => j.state === "completed");
    await waitForJob(jobs, bad, (j) => j.state === "failed");

    const admin = actorFor(s.superAdmin);
    const listed = await listRecentJobs({ jobs }, admin);
    expect(listed.map((j) => j.id)).toEqual([bad, good]);
    expect(listed[0]).toMatchObject({ state: "failed", error: "the feed answered 500", result: null });
    expect(listed[1]).toMatchObject({ state: "completed", error: null, result: { rows: 12 } });
    expect((await listRecentJobs({ jobs }, admin, { state: "failed" })).map((j) => j.id)).toEqual([bad]);
    expect(await listRecentJobs({ jobs }, admin, { kind: "no-such-kind" })).toEqual([]);
    expect(await listRecentJobs({ jobs }, admin, { limit: 1 })).toHaveLength(1);
    await expectAppError(listRecentJobs({ jobs }, admin, { state: "exploded" as never }), "invalid_input");
    await expectAppError(listRecentJobs({ jobs }, admin, { limit: 0 }), "invalid_input");

    await expectAppError(
      listRecentJobs({ jobs }, actorFor(s.adminA, s.clientA)),
      "forbidden",
      "access.superAdminOnly",
    );
    await expectAppError(listRecentJobs({ jobs }, actorFor(s.outsider)), "forbidden");
  });

  it("cancels a queued job, audited; refuses others, unknown and finished jobs", async () => {
    const { db } = database();
    const later = await jobs.enqueue(
      "studio-test",
      { ok: true },
      { startAfter: new Date(Date.now() + 3_600_000) },
    );

    await expectAppError(cancelJob({ db, jobs }, actorFor(s.adminA, s.clientA), { id: later }), "forbidden");
    expect(await jobs.get(later)).toMatchObject({ state: "created" });

    const admin = actorFor(s.superAdmin);
    await cancelJob({ db, jobs }, admin, { id: later });
    expect(await jobs.get(later)).toMatchObject({ state: "cancelled" });
    const [audit] = await auditRowsFor(db, "job.cancel");
    expect(audit).toMatchObject({
      entityId: later,
      actorProfileId: s.superAdmin.profileId,
      after: { state: "cancelled" },
    });

    await expectAppError(cancelJob({ db, jobs }, admin, { id: later }), "conflict", "jobs.alreadyFinished");
    await expectAppError(cancelJob({ db, jobs }, admin, { id: missingId() }), "not_found", "jobs.notFound");
    await expectAppError(cancelJob({ db, jobs }, admin, { id: "1; DROP TABLE x" }), "invalid_input");
  });
});
