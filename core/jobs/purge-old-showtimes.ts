// The nightly purge: showtimes that started more than `olderThanDays` days ago are deleted, in batches
// (a short lock each), with one audit row for the run. A system job: no actor.
import { inArray, lt } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { showtimes } from "../../db/schema/showtimes.ts";
import { invalidateApiData } from "../cache/invalidate-api-data.ts";
import type { ApiResponseCache } from "../cache/response-cache.ts";
import { writeAuditLog } from "../audit/write-audit-log.ts";
import type { JobProgress } from "./job-queue.ts";

const BATCH = 5_000;

export async function purgeOldShowtimes(
  services: { db: Database; apiCache: ApiResponseCache },
  input: {
    olderThanDays: number;
    now: Date;
    signal?: AbortSignal;
    reportProgress?: (progress: JobProgress) => Promise<void>;
  },
): Promise<{ deleted: number; before: string }> {
  const { db } = services;
  const before = new Date(input.now.getTime() - input.olderThanDays * 24 * 60 * 60 * 1000);
  let deleted = 0;
  for (;;) {
    input.signal?.throwIfAborted();
    const batch = db
      .select({ id: showtimes.id })
      .from(showtimes)
      .where(lt(showtimes.startsAt, before))
      .limit(BATCH);
    const rows = await db
      .delete(showtimes)
      .where(inArray(showtimes.id, batch))
      .returning({ id: showtimes.id });
    deleted += rows.length;
    await input.reportProgress?.({ done: deleted, total: null });
    if (rows.length < BATCH) break;
  }
  const result = { deleted, before: before.toISOString() };
  await writeAuditLog(db, null, {
    action: "showtimes.purge",
    entityType: "showtime",
    after: { ...result, olderThanDays: input.olderThanDays },
  });
  if (deleted > 0) await invalidateApiData(services);
  return result;
}
