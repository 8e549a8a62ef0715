// The dashboard's usage chart: its period and its data's shape. Browser-safe (the chart component
// reads the types; get-usage-chart.ts fills them).
import type { ApiUsageTotals } from "./usage-totals.ts";

export const USAGE_CHART_DAYS = 30;

export type UsageChartDay = { day: string; requests: number; credits: number };

export type UsageChart = {
  days: UsageChartDay[];
  totals: ApiUsageTotals;
};
