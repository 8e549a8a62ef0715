// The stats page's charts: API requests and errors by day, by operation and by key; widget impressions
// and clicks by day; and what shows when there is nothing to chart.
import { Activity, MousePointerClick } from "lucide-react";
import { ChartCard, type ChartSeries } from "../../components/studio/chart-card.tsx";
import { peakOf, useChartFormats } from "../../components/studio/chart-formats.ts";
import { Card } from "../../components/ui/card.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { LinkButton } from "../../components/ui/link-button.tsx";
import { useT } from "../../lib/i18n.tsx";
import { keyLabel } from "./stats-filters.tsx";
import { STATS_PARAMS } from "./stats-params.ts";
import type { Usage } from "./stats-usage.ts";

export function NoUsage({ filtered, days }: { filtered: boolean; days: number }) {
  const t = useT();
  return (
    <Card>
      <EmptyState
        icon={Activity}
        title={t(filtered ? "studio.stats.emptyFilteredTitle" : "studio.stats.emptyTitle", { days })}
        hint={t(filtered ? "studio.stats.emptyFilteredHint" : "studio.stats.emptyHint")}
        action={
          filtered ? (
            <LinkButton to={`?${STATS_PARAMS.days}=${days}`} variant="outline" size="sm" preventScrollReset>
              {t("studio.stats.clearFilters")}
            </LinkButton>
          ) : (
            <div className="flex flex-wrap justify-center gap-2">
              <LinkButton to="/studio/api-keys" variant="primary" size="sm">
                {t("studio.usageChart.createKey")}
              </LinkButton>
              <LinkButton to="/studio/api-lookup" variant="outline" size="sm">
                {t("studio.usageChart.tryConsole")}
              </LinkButton>
            </div>
          )
        }
      />
    </Card>
  );
}

/** Requests and errors by day, each across the grid. */
function DailyCharts({ data }: { data: Usage }) {
  const t = useT();
  const f = useChartFormats();
  const dayCategory = {
    key: "day" as const,
    label: t("studio.usageChart.day"),
    format: f.shortDay,
    formatLong: f.longDay,
  };
  const peak = peakOf(data.byDay, (row) => row.requests);
  const worst = peakOf(data.byDay, (row) => row.errors);
  return (
    <>
      <ChartCard
        headingAs="h3"
        id="requests"
        className="lg:col-span-2"
        title={t("studio.stats.requestsTitle")}
        summary={[
          t("studio.stats.requestsSummary", {
            requests: data.totals.requests,
            credits: data.totals.credits,
            days: data.days,
          }),
          peak ? t("studio.usageChart.peak", { day: f.longDay(peak.day), requests: peak.requests }) : "",
        ]
          .filter(Boolean)
          .join(" ")}
        rows={data.byDay}
        category={dayCategory}
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
      />
      <ChartCard
        headingAs="h3"
        id="errors"
        className="lg:col-span-2"
        title={t("studio.stats.errorsTitle")}
        summary={[
          t("studio.stats.errorsSummary", {
            errors: data.totals.errors,
            rate: f.percent(data.totals.errorRate),
          }),
          worst ? t("studio.stats.errorsPeak", { day: f.longDay(worst.day), errors: worst.errors }) : "",
        ]
          .filter(Boolean)
          .join(" ")}
        rows={data.byDay}
        category={dayCategory}
        series={[
          { key: "errors", label: t("studio.stats.errors"), colour: "red", kind: "bar", format: f.count },
          {
            key: "errorRate",
            label: t("studio.stats.errorRate"),
            colour: "amber",
            kind: "line",
            dashed: true,
            axis: "end",
            format: f.percent,
          },
        ]}
      />
    </>
  );
}

/** The breakdowns by operation and by key: requests, credits and errors side by side. */
function BreakdownCharts({ data }: { data: Usage }) {
  const t = useT();
  const f = useChartFormats();
  const platform = data.scope === "platform";
  const topOperation = data.byOperation[0];
  const topKey = data.byKey[0];
  const keyRows = data.byKey.map((row) => ({ ...row, label: keyLabel(t, row, platform) }));
  // The axis has room for the name only; the tooltip and the table give the prefix and the state too.
  const shortKeyNames = new Map(
    keyRows.map((row) => {
      const name = row.name ?? t("studio.stats.deletedKey");
      return [row.label, name.length > 20 ? `${name.slice(0, 19)}…` : name];
    }),
  );
  const usageBars: ChartSeries<{ requests: number; credits: number; errors: number }>[] = [
    {
      key: "requests",
      label: t("studio.usageChart.requests"),
      colour: "green",
      kind: "bar",
      format: f.count,
    },
    { key: "credits", label: t("studio.usageChart.credits"), colour: "sky", kind: "bar", format: f.count },
    { key: "errors", label: t("studio.stats.errors"), colour: "red", kind: "bar", format: f.count },
  ];
  return (
    <>
      <ChartCard
        headingAs="h3"
        id="operations"
        title={t("studio.stats.operationsTitle")}
        summary={
          topOperation
            ? t("studio.stats.operationsSummary", {
                count: data.byOperation.length,
                operation: topOperation.operation,
                requests: topOperation.requests,
              })
            : t("studio.stats.nothing")
        }
        rows={data.byOperation}
        layout="rows"
        height={barsHeight(data.byOperation.length)}
        category={{ key: "operation", label: t("studio.stats.operation"), format: (value) => value }}
        series={usageBars}
      />
      <ChartCard
        headingAs="h3"
        id="keys"
        title={t("studio.stats.keysTitle")}
        summary={
          topKey
            ? t("studio.stats.keysSummary", {
                count: keyRows.length,
                key: keyLabel(t, topKey, platform),
                requests: topKey.requests,
              })
            : t("studio.stats.nothing")
        }
        rows={keyRows}
        layout="rows"
        height={barsHeight(keyRows.length)}
        category={{
          key: "label",
          label: t("studio.stats.key"),
          format: (value) => shortKeyNames.get(value) ?? value,
          formatLong: (value) => value,
        }}
        series={usageBars}
      />
    </>
  );
}

export function ApiCharts({ data }: { data: Usage }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <DailyCharts data={data} />
      <BreakdownCharts data={data} />
    </div>
  );
}

/** A horizontal bar chart's height: room for each row's bars and the axis. */
function barsHeight(rows: number) {
  return Math.max(160, rows * 36 + 40);
}

export function WidgetSection({ data }: { data: Usage }) {
  const t = useT();
  const f = useChartFormats();
  if (data.widgetTotals.impressions === 0) {
    return (
      <Card>
        <EmptyState
          icon={MousePointerClick}
          title={t("studio.stats.widgetEmptyTitle", { days: data.days })}
          hint={t("studio.stats.widgetEmptyHint")}
          action={
            <LinkButton to="/studio/documentation" variant="outline" size="sm">
              {t("studio.stats.widgetDocs")}
            </LinkButton>
          }
        />
      </Card>
    );
  }
  const peak = peakOf(data.widget, (row) => row.impressions);
  return (
    <ChartCard
      headingAs="h3"
      id="widget"
      title={t("studio.stats.widgetTitle")}
      summary={[
        t("studio.stats.widgetSummary", {
          impressions: data.widgetTotals.impressions,
          clicks: data.widgetTotals.clicks,
          rate: f.percent(data.widgetTotals.clickThroughRate),
          days: data.days,
        }),
        peak ? t("studio.stats.widgetPeak", { day: f.longDay(peak.day), impressions: peak.impressions }) : "",
      ]
        .filter(Boolean)
        .join(" ")}
      rows={data.widget}
      category={{ key: "day", label: t("studio.usageChart.day"), format: f.shortDay, formatLong: f.longDay }}
      series={[
        {
          key: "impressions",
          label: t("studio.stats.impressions"),
          colour: "violet",
          kind: "bar",
          format: f.count,
        },
        {
          key: "clicks",
          label: t("studio.stats.clicks"),
          colour: "green",
          kind: "line",
          axis: "end",
          format: f.count,
        },
      ]}
    />
  );
}
