// The dashboard's usage chart: API requests and credits per day over the last 30 days, with totals.
import type { Actor } from "../access/actor.ts";
import { listApiUsageByDay } from "./list-api-usage-by-day.ts";
import { USAGE_CHART_DAYS, type UsageChart } from "./usage-chart.ts";
import { apiUsageTotals } from "./usage-totals.ts";
import type { AppServices } from "../services.ts";

export async function getUsageChart(
  services: Pick<AppServices, "db" | "now">,
  actor: Actor,
): Promise<UsageChart> {
  const rows = await listApiUsageByDay(services, actor, { days: USAGE_CHART_DAYS });
  return {
    days: rows.map(({ day, requests, credits }) => ({ day, requests, credits })),
    totals: apiUsageTotals(rows),
  };
}
