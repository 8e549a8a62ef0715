// The dashboard's API usage chart: requests and credits per day over the last 30 days, with a summary
// in words, the numbers as a table, and the way to the full statistics. The loader gets its data from
// core/usage/get-usage-chart.ts.
import { Activity } from "lucide-react";
import type { UsageChart as UsageChartData } from "../../../core/usage/usage-chart.ts";
import { useT } from "../../lib/i18n.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card.tsx";
import { EmptyState } from "../ui/empty-state.tsx";
import { LinkButton } from "../ui/link-button.tsx";
import { ChartCard } from "./chart-card.tsx";
import { peakOf, useChartFormats } from "./chart-formats.ts";

export function UsageChart({
  chart,
  className,
  headingAs = "h2",
}: {
  chart: UsageChartData;
  className?: string;
  /** the title's level where the dashboard places it (default h2) */
  headingAs?: "h2" | "h3";
}) {
  const t = useT();
  const f = useChartFormats();
  const title = t("studio.usageChart.title");
  const statsLink = (
    <LinkButton to="/studio/stats" variant="outline" size="sm">
      {t("studio.usageChart.openStats")}
    </LinkButton>
  );
  if (chart.totals.requests === 0) {
    return (
      <section aria-labelledby="usage-chart-title" className={className}>
        <Card>
          <CardHeader>
            <CardTitle as={headingAs} id="usage-chart-title">
              {title}
            </CardTitle>
            <CardDescription>{t("studio.usageChart.period")}</CardDescription>
          </CardHeader>
          <CardContent>
            <EmptyState
              icon={Activity}
              title={t("studio.usageChart.emptyTitle")}
              hint={t("studio.usageChart.emptyHint")}
              action={
                <div className="flex flex-wrap justify-center gap-2">
                  <LinkButton to="/studio/api-keys" variant="primary" size="sm">
                    {t("studio.usageChart.createKey")}
                  </LinkButton>
                  <LinkButton to="/studio/api-lookup" variant="outline" size="sm">
                    {t("studio.usageChart.tryConsole")}
                  </LinkButton>
                </div>
              }
            />
          </CardContent>
        </Card>
      </section>
    );
  }
  const peak = peakOf(chart.days, (day) => day.requests);
  const summary = [
    t("studio.usageChart.summary", { requests: chart.totals.requests, credits: chart.totals.credits }),
    peak ? t("studio.usageChart.peak", { day: f.longDay(peak.day), requests: peak.requests }) : "",
  ]
    .filter(Boolean)
    .join(" ");
  return (
    <ChartCard
      id="usage-chart"
      className={className}
      headingAs={headingAs}
      title={title}
      summary={summary}
      rows={chart.days}
      category={{ key: "day", label: t("studio.usageChart.day"), format: f.shortDay, formatLong: f.longDay }}
      series={[
        {
          key: "requests",
          label: t("studio.usageChart.requests"),
          colour: "green",
          kind: "bar",
          format: f.count,
        },
        {
          key: "credits",
          label: t("studio.usageChart.credits"),
          colour: "sky",
          kind: "line",
          format: f.count,
        },
      ]}
      height={220}
      footer={<div>{statsLink}</div>}
    />
  );
}
