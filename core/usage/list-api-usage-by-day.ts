// API requests, credits and errors per day of a period, every day present (zeros where there were
// no calls): the stats page's time series.
import { asc } from "drizzle-orm";
import { creditUsage } from "../../db/schema/credits.ts";
import type { Actor } from "../access/actor.ts";
import { apiUsageConditions, total } from "./api-usage-conditions.ts";
import { parseApiUsageQuery, type ApiUsageQuery } from "./usage-query.ts";
import { usageWindow, zeroFill } from "./usage-range.ts";
import { usageScope } from "./usage-scope.ts";
import type { ApiUsageCounts } from "./usage-totals.ts";
import type { AppServices } from "../services.ts";

export type ApiUsageDay = ApiUsageCounts & { day: string };

export async function listApiUsageByDay(
  { db, now }: Pick<AppServices, "db" | "now">,
  actor: Actor,
  query: ApiUsageQuery = {},
): Promise<ApiUsageDay[]> {
  const filter = parseApiUsageQuery(query);
  const scope = usageScope(actor);
  const window = usageWindow(now(), filter.days);
  const rows = await db
    .select({
      day: creditUsage.day,
      requests: total(creditUsage.requests),
      credits: total(creditUsage.credits),
      errors: total(creditUsage.errors),
    })
    .from(creditUsage)
    .where(apiUsageConditions(scope, window, filter))
    .groupBy(creditUsage.day)
    .orderBy(asc(creditUsage.day));
  return zeroFill(window, rows, (day) => ({ day, requests: 0, credits: 0, errors: 0 }));
}
