// Makes the import schedules match the sources table (enabled sources with an interval), at worker
// start: a source changed while no schedule was written (a restore, a manual edit) is set right.
import { and, eq, isNotNull } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { sources } from "../../db/schema/ingest.ts";
import type { AppJobKinds } from "./job-kinds.ts";
import type { JobQueue } from "./job-queue.ts";
import {
  feedScheduleRule,
  MAX_FEED_INTERVAL_SECONDS,
  MIN_FEED_INTERVAL_SECONDS,
  setFeedSchedule,
} from "./set-feed-schedule.ts";

export async function syncFeedSchedules(services: {
  db: Database;
  jobs: JobQueue<AppJobKinds>;
}): Promise<{ set: number; removed: number }> {
  const { db, jobs } = services;
  const rows = await db
    .select({ id: sources.id, interval: sources.scheduleIntervalSeconds })
    .from(sources)
    .where(and(eq(sources.enabled, true), isNotNull(sources.scheduleIntervalSeconds)));
  const wanted = new Map<string, number>();
  for (const row of rows) {
    if (row.interval === null) continue;
    // Out of range in the table: the nearest interval a schedule can run at.
    wanted.set(
      row.id,
      Math.min(Math.max(row.interval, MIN_FEED_INTERVAL_SECONDS), MAX_FEED_INTERVAL_SECONDS),
    );
  }
  const existing = new Map((await jobs.schedules("import-feed")).map((s) => [s.key, s.expression]));
  let set = 0;
  let removed = 0;
  for (const [sourceId, intervalSeconds] of wanted) {
    if (existing.get(sourceId) === feedScheduleRule(sourceId, intervalSeconds)) continue;
    await setFeedSchedule(jobs, { sourceId, intervalSeconds });
    set++;
  }
  for (const key of existing.keys()) {
    if (wanted.has(key)) continue;
    await jobs.unschedule("import-feed", key);
    removed++;
  }
  return { set, removed };
}
