// API requests, credits and errors per operation over a period, busiest first.
import { asc, desc } from "drizzle-orm";
import { creditUsage } from "../../db/schema/credits.ts";
import type { Actor } from "../access/actor.ts";
import { apiUsageConditions, total } from "./api-usage-conditions.ts";
import { parseApiUsageQuery, type ApiUsageQuery } from "./usage-query.ts";
import { usageWindow } from "./usage-range.ts";
import { usageScope } from "./usage-scope.ts";
import type { ApiUsageCounts } from "./usage-totals.ts";
import type { AppServices } from "../services.ts";

export type ApiUsageByOperation = ApiUsageCounts & { operation: string };

export async function listApiUsageByOperation(
  { db, now }: Pick<AppServices, "db" | "now">,
  actor: Actor,
  query: ApiUsageQuery = {},
): Promise<ApiUsageByOperation[]> {
  const filter = parseApiUsageQuery(query);
  const scope = usageScope(actor);
  const window = usageWindow(now(), filter.days);
  const requests = total(creditUsage.requests);
  return db
    .select({
      operation: creditUsage.operation,
      requests,
      credits: total(creditUsage.credits),
      errors: total(creditUsage.errors),
    })
    .from(creditUsage)
    .where(apiUsageConditions(scope, window, filter))
    .groupBy(creditUsage.operation)
    .orderBy(desc(requests), asc(creditUsage.operation));
}
