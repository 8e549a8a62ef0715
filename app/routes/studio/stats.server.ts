// /studio/stats on the server: the effective client's API usage (or the platform's, for a super admin
// acting for no client) over the chosen period, filtered by key and operation; widget usage; coverage.
import type { RouterContextProvider } from "react-router";
import { API_OPERATION_IDS } from "../../../core/api/operations.ts";
import { listApiUsageByDay } from "../../../core/usage/list-api-usage-by-day.ts";
import { listApiUsageByKey } from "../../../core/usage/list-api-usage-by-key.ts";
import { listApiUsageByOperation } from "../../../core/usage/list-api-usage-by-operation.ts";
import { listDataCoverage } from "../../../core/usage/list-data-coverage.ts";
import { listUsageKeys } from "../../../core/usage/list-usage-keys.ts";
import { listWidgetUsageByDay } from "../../../core/usage/list-widget-usage-by-day.ts";
import { readUsageRange } from "../../../core/usage/usage-range.ts";
import { apiUsageTotals, errorRate, widgetUsageTotals } from "../../../core/usage/usage-totals.ts";
import { readChoice } from "../../lib/table-query.server.ts";
import { studioRequest } from "../../lib/studio-request.server.ts";
import { STATS_PARAMS } from "./stats-params.ts";

export async function loadStats(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, session } = studioRequest(context);
  const { actor } = session;
  if (!actor.effectiveClientId && !actor.isSuperAdmin) return { kind: "no-client" as const };
  const params = new URL(request.url).searchParams;
  const days = readUsageRange(params.get(STATS_PARAMS.days));
  const operation = readChoice(params, STATS_PARAMS.operation, API_OPERATION_IDS);
  const keys = await listUsageKeys(services, actor, { days });
  // Only a key the list offers filters (an unknown or foreign id is ignored, like any bad parameter).
  const apiKeyId = readChoice(
    params,
    STATS_PARAMS.key,
    keys.map((key) => key.id),
  );
  const query = { days, apiKeyId, operation };
  const [byDay, byOperation, byKey, widget, coverage] = await Promise.all([
    listApiUsageByDay(services, actor, query),
    listApiUsageByOperation(services, actor, query),
    listApiUsageByKey(services, actor, query),
    listWidgetUsageByDay(services, actor, { days }),
    listDataCoverage(services, actor),
  ]);
  return {
    kind: "usage" as const,
    scope: actor.effectiveClientId ? ("client" as const) : ("platform" as const),
    days,
    filters: { key: apiKeyId ?? null, operation: operation ?? null },
    keys,
    operations: API_OPERATION_IDS,
    byDay: byDay.map((row) => ({ ...row, errorRate: errorRate(row) })),
    totals: apiUsageTotals(byDay),
    byOperation,
    byKey,
    widget,
    widgetTotals: widgetUsageTotals(widget),
    coverage,
  };
}
