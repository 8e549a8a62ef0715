// The WHERE of every API usage query: the scope's client (none for the platform), the period's days,
// and the optional key and operation filters.
import { and, between, eq, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { creditUsage } from "../../db/schema/credits.ts";
import type { ApiUsageFilter } from "./usage-query.ts";
import type { UsageWindow } from "./usage-range.ts";
import type { UsageScope } from "./usage-scope.ts";

export function apiUsageConditions(
  scope: UsageScope,
  window: UsageWindow,
  filter: Pick<ApiUsageFilter, "apiKeyId" | "operation">,
): SQL | undefined {
  return and(
    between(creditUsage.day, window.from, window.to),
    scope.clientId ? eq(creditUsage.clientId, scope.clientId) : undefined,
    filter.apiKeyId ? eq(creditUsage.apiKeyId, filter.apiKeyId) : undefined,
    filter.operation ? eq(creditUsage.operation, filter.operation) : undefined,
  );
}

/** sum(column) as a number (0 for no rows); bigint sums come back as text from node-postgres. */
export function total(column: AnyColumn): SQL<number> {
  return sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);
}
