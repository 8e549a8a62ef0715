// The widget's own metering: what one page's widgets counted (impressions: a mount that showed
// showtimes; clicks: a booking link followed) added to the client's row of the day in widget_usage, in
// one upsert. Days are UTC calendar days, like credit_usage's (usage-range.ts). Counts only: no
// address, no user agent, nothing about the visitor. The caller (the API's widget endpoint) has checked
// the publishable key and the page's origin; the client comes from the key, never from the request.
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { widgetUsage } from "../../db/schema/credits.ts";
import { AppError } from "../errors.ts";
import { utcDay } from "./usage-range.ts";

/** The most one report may add to either count: a page's batch is a handful, never thousands. */
export const WIDGET_USAGE_MAX_BATCH = 1000;

export type WidgetUsageBatch = { clientId: string; impressions: number; clicks: number };

function isCount(value: number) {
  return Number.isSafeInteger(value) && value >= 0 && value <= WIDGET_USAGE_MAX_BATCH;
}

/** Adds the batch to today's row of the client; a batch of zeros writes nothing. */
export async function recordWidgetUsage(
  { db, now }: { db: Database; now: () => Date },
  batch: WidgetUsageBatch,
): Promise<{ day: string; recorded: boolean }> {
  if (!isCount(batch.impressions) || !isCount(batch.clicks)) {
    throw new AppError("invalid_input", "form.invalid");
  }
  const day = utcDay(now());
  if (batch.impressions === 0 && batch.clicks === 0) return { day, recorded: false };
  await db
    .insert(widgetUsage)
    .values({ day, clientId: batch.clientId, impressions: batch.impressions, clicks: batch.clicks })
    .onConflictDoUpdate({
      target: [widgetUsage.day, widgetUsage.clientId],
      set: {
        impressions: sql`${widgetUsage.impressions} + excluded.impressions`,
        clicks: sql`${widgetUsage.clicks} + excluded.clicks`,
        updatedAt: sql`now()`,
      },
    });
  return { day, recorded: true };
}
