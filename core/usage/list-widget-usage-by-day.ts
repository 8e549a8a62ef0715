// Widget impressions and click-throughs per day of a period, every day present.
import { and, asc, between, eq } from "drizzle-orm";
import { widgetUsage } from "../../db/schema/credits.ts";
import type { Actor } from "../access/actor.ts";
import { total } from "./api-usage-conditions.ts";
import { parseApiUsageQuery, type ApiUsageQuery } from "./usage-query.ts";
import { usageWindow, zeroFill } from "./usage-range.ts";
import { usageScope } from "./usage-scope.ts";
import type { WidgetUsageCounts } from "./usage-totals.ts";
import type { AppServices } from "../services.ts";

export type WidgetUsageDay = WidgetUsageCounts & { day: string };

export async function listWidgetUsageByDay(
  { db, now }: Pick<AppServices, "db" | "now">,
  actor: Actor,
  query: Pick<ApiUsageQuery, "days"> = {},
): Promise<WidgetUsageDay[]> {
  const { days } = parseApiUsageQuery({ days: query.days });
  const scope = usageScope(actor);
  const window = usageWindow(now(), days);
  const rows = await db
    .select({
      day: widgetUsage.day,
      impressions: total(widgetUsage.impressions),
      clicks: total(widgetUsage.clicks),
    })
    .from(widgetUsage)
    .where(
      and(
        between(widgetUsage.day, window.from, window.to),
        scope.clientId ? eq(widgetUsage.clientId, scope.clientId) : undefined,
      ),
    )
    .groupBy(widgetUsage.day)
    .orderBy(asc(widgetUsage.day));
  return zeroFill(window, rows, (day) => ({ day, impressions: 0, clicks: 0 }));
}
