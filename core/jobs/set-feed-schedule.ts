// A source's refresh schedule: every `intervalSeconds`, an `import-feed` job for it (null: manual only).
// pg-boss schedules are cron expressions or RFC 5545 rules; an interval is a rule, FREQ=SECONDLY with
// that INTERVAL, anchored on a start derived from the source id so sources with the same interval do
// not all fire in the same second, and the same after every restart. See docs/decisions/011.
import { createHash } from "node:crypto";
import { z } from "zod";
import { AppError } from "../errors.ts";
import type { AppJobKinds } from "./job-kinds.ts";
import type { JobQueue } from "./job-queue.ts";

/** pg-boss checks schedules every 30 s and sends at most one job a minute per schedule. */
export const MIN_FEED_INTERVAL_SECONDS = 60;
export const MAX_FEED_INTERVAL_SECONDS = 31 * 24 * 60 * 60;

const inputSchema = z.strictObject({
  sourceId: z.uuid(),
  intervalSeconds: z.number().int().min(MIN_FEED_INTERVAL_SECONDS).max(MAX_FEED_INTERVAL_SECONDS).nullable(),
});

export function feedScheduleRule(sourceId: string, intervalSeconds: number): string {
  const offset = createHash("sha256").update(sourceId).digest().readUInt32BE(0) % intervalSeconds;
  const start = new Date(offset * 1000)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
  return `DTSTART:${start}\nRRULE:FREQ=SECONDLY;INTERVAL=${intervalSeconds}`;
}

export async function setFeedSchedule(
  jobs: JobQueue<AppJobKinds>,
  input: { sourceId: string; intervalSeconds: number | null },
): Promise<void> {
  const parsed = inputSchema.safeParse(input);
  if (!parsed.success) throw new AppError("invalid_input", "jobs.invalidSchedule");
  const { sourceId, intervalSeconds } = parsed.data;
  if (intervalSeconds === null) {
    await jobs.unschedule("import-feed", sourceId);
    return;
  }
  await jobs.schedule("import-feed", sourceId, feedScheduleRule(sourceId, intervalSeconds), { sourceId });
}
