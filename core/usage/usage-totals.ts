// Totals and rates over a period's daily rows: browser-safe, so the page and the loader agree.

export type ApiUsageCounts = { requests: number; credits: number; errors: number };

export type ApiUsageTotals = ApiUsageCounts & {
  /** errors / requests, 0 without requests */
  errorRate: number;
};

export function errorRate(counts: { requests: number; errors: number }): number {
  return counts.requests > 0 ? counts.errors / counts.requests : 0;
}

export function apiUsageTotals(rows: readonly ApiUsageCounts[]): ApiUsageTotals {
  const sum = rows.reduce(
    (total, row) => ({
      requests: total.requests + row.requests,
      credits: total.credits + row.credits,
      errors: total.errors + row.errors,
    }),
    { requests: 0, credits: 0, errors: 0 },
  );
  return { ...sum, errorRate: errorRate(sum) };
}

export type WidgetUsageCounts = { impressions: number; clicks: number };

export type WidgetUsageTotals = WidgetUsageCounts & {
  /** clicks / impressions, 0 without impressions */
  clickThroughRate: number;
};

export function widgetUsageTotals(rows: readonly WidgetUsageCounts[]): WidgetUsageTotals {
  const sum = rows.reduce(
    (total, row) => ({
      impressions: total.impressions + row.impressions,
      clicks: total.clicks + row.clicks,
    }),
    { impressions: 0, clicks: 0 },
  );
  return { ...sum, clickThroughRate: sum.impressions > 0 ? sum.clicks / sum.impressions : 0 };
}
