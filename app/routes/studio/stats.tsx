import { Activity, MousePointerClick } from "lucide-react";
import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { USAGE_RANGE_DAYS } from "../../../core/usage/usage-range.ts";
import { ChartCard, type ChartSeries } from "../../components/studio/chart-card.tsx";
import { peakOf, useChartFormats } from "../../components/studio/chart-formats.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { cx, focusRing } from "../../components/ui/cx.ts";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { Field } from "../../components/ui/field.tsx";
import { LinkButton } from "../../components/ui/link-button.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Select } from "../../components/ui/select.tsx";
import { Stat } from "../../components/ui/stat.tsx";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from "../../components/ui/table.tsx";
import { useDisplayNames } from "../../lib/display-names.ts";
import { useT } from "../../lib/i18n.tsx";
import { titleFrom } from "../../lib/page-title.ts";
import { useUserContext } from "../../lib/user-context.tsx";
import type { Route } from "./+types/stats.ts";
import { STATS_PARAMS } from "./stats-params.ts";
import { loadStats } from "./stats.server.ts";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: titleFrom(matches, "studio.stats.title", "Usage and statistics") }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadStats(request, context);
}

type Usage = Extract<Route.ComponentProps["loaderData"], { kind: "usage" }>;

/** The period links: each keeps the filters and changes only the number of days. */
function PeriodPicker({ days }: { days: number }) {
  const t = useT();
  const [params] = useSearchParams();
  const hrefFor = (value: number) => {
    const next = new URLSearchParams(params);
    next.set(STATS_PARAMS.days, String(value));
    return `?${next.toString()}`;
  };
  return (
    <nav aria-label={t("studio.stats.period")}>
      <p className="mb-1.5 text-sm font-medium text-slate-900 dark:text-slate-100" aria-hidden="true">
        {t("studio.stats.period")}
      </p>
      <ul className="inline-flex rounded-md border border-slate-500 p-0.5">
        {USAGE_RANGE_DAYS.map((value) => {
          const current = value === days;
          return (
            <li key={value}>
              <Link
                to={hrefFor(value)}
                preventScrollReset
                aria-current={current ? "true" : undefined}
                className={cx(
                  "inline-flex h-8 items-center rounded px-3 text-sm font-medium whitespace-nowrap",
                  focusRing,
                  current
                    ? "bg-primary-700 text-white dark:bg-primary-400 dark:text-slate-950"
                    : "text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800",
                )}
              >
                {t("studio.stats.days", { days: value })}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function keyLabel(
  t: ReturnType<typeof useT>,
  key: { name: string | null; prefix: string | null; clientName?: string; revoked?: boolean },
  platform: boolean,
) {
  const name = key.name
    ? t("studio.stats.keyLabel", { name: key.name, prefix: key.prefix ?? "" })
    : t("studio.stats.deletedKey");
  const withClient = platform && key.clientName ? `${key.clientName} · ${name}` : name;
  return key.revoked ? t("studio.stats.revokedKey", { key: withClient }) : withClient;
}

/** Key and operation filters: a GET form, so the URL says what is shown and it works without JavaScript. */
function Filters({ data }: { data: Usage }) {
  const t = useT();
  const navigation = useNavigation();
  const platform = data.scope === "platform";
  const filtered = data.filters.key !== null || data.filters.operation !== null;
  const busy = navigation.state === "loading" && navigation.location.pathname === "/studio/stats";
  return (
    <Form
      method="get"
      preventScrollReset
      className="flex flex-wrap items-end gap-3"
      aria-label={t("studio.stats.filters")}
    >
      <input type="hidden" name={STATS_PARAMS.days} value={data.days} />
      <Field label={t("studio.stats.filterKey")} className="w-64 max-w-full">
        <Select
          name={STATS_PARAMS.key}
          defaultValue={data.filters.key ?? ""}
          key={`key-${data.filters.key ?? ""}`}
          placeholder={t("studio.stats.allKeys")}
          options={data.keys.map((key) => ({ value: key.id, label: keyLabel(t, key, platform) }))}
        />
      </Field>
      <Field label={t("studio.stats.filterOperation")} className="w-56 max-w-full">
        <Select
          name={STATS_PARAMS.operation}
          defaultValue={data.filters.operation ?? ""}
          key={`operation-${data.filters.operation ?? ""}`}
          placeholder={t("studio.stats.allOperations")}
          options={data.operations.map((operation) => ({ value: operation, label: operation }))}
        />
      </Field>
      <Button type="submit" variant="secondary" pending={busy}>
        {t("studio.stats.apply")}
      </Button>
      {filtered ? (
        <LinkButton to={`?${STATS_PARAMS.days}=${data.days}`} variant="ghost" preventScrollReset>
          {t("studio.stats.clearFilters")}
        </LinkButton>
      ) : null}
    </Form>
  );
}

function NoUsage({ filtered, days }: { filtered: boolean; days: number }) {
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

function ApiCharts({ data }: { data: Usage }) {
  const t = useT();
  const f = useChartFormats();
  const platform = data.scope === "platform";
  const dayCategory = {
    key: "day" as const,
    label: t("studio.usageChart.day"),
    format: f.shortDay,
    formatLong: f.longDay,
  };
  const peak = peakOf(data.byDay, (row) => row.requests);
  const worst = peakOf(data.byDay, (row) => row.errors);
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
  // The breakdowns by operation and by key: requests, credits and errors side by side.
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
    <div className="grid gap-6 lg:grid-cols-2">
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
    </div>
  );
}

/** A horizontal bar chart's height: room for each row's bars and the axis. */
function barsHeight(rows: number) {
  return Math.max(160, rows * 36 + 40);
}

function WidgetSection({ data }: { data: Usage }) {
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

function Coverage({ data }: { data: Usage }) {
  const t = useT();
  const names = useDisplayNames();
  const f = useChartFormats();
  const platform = data.scope === "platform";
  return (
    <Card>
      <CardHeader>
        <CardTitle id="coverage-title">{t("studio.stats.coverageTitle")}</CardTitle>
        <CardDescription>
          {t(platform ? "studio.stats.coveragePlatform" : "studio.stats.coverageDescription")}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {data.coverage.length === 0 ? (
          <EmptyState
            title={t("studio.stats.coverageEmptyTitle")}
            hint={t("studio.stats.coverageEmptyHint")}
            action={
              <LinkButton to="/studio/data/country-access" variant="outline" size="sm">
                {t("studio.stats.coverageLink")}
              </LinkButton>
            }
          />
        ) : (
          <Table caption={t("studio.stats.coverageTitle")} captionHidden className="max-w-2xl">
            <TableHead>
              <TableRow>
                <TableHeaderCell>{t("studio.stats.country")}</TableHeaderCell>
                <TableHeaderCell align="end">{t("studio.stats.cinemas")}</TableHeaderCell>
                <TableHeaderCell align="end">{t("studio.stats.showtimesNext7Days")}</TableHeaderCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.coverage.map((row) => (
                <TableRow key={row.countryCode}>
                  <TableCell>
                    {names.country(row.countryCode, row.countryName)}{" "}
                    <span className="text-slate-600 dark:text-slate-400">({row.countryCode})</span>
                  </TableCell>
                  <TableCell align="end" numeric>
                    {f.count(row.cinemas)}
                  </TableCell>
                  <TableCell align="end" numeric>
                    {f.count(row.showtimesNext7Days)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

export default function Stats({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const user = useUserContext();
  const f = useChartFormats();
  if (loaderData.kind === "no-client") {
    return (
      <div>
        <PageHeader title={t("studio.stats.title")} />
        <p
          role="status"
          className="rounded-xl border border-dashed border-slate-300 p-6 dark:border-slate-700"
        >
          {t("studio.stats.noClient")}
        </p>
      </div>
    );
  }
  const data = loaderData;
  const filtered = data.filters.key !== null || data.filters.operation !== null;
  return (
    <div className="space-y-8">
      <PageHeader
        title={t("studio.stats.title")}
        description={
          data.scope === "platform"
            ? t("studio.stats.platformDescription")
            : t("studio.stats.description", { client: user.effectiveClient?.name ?? "" })
        }
      />
      <section aria-labelledby="api-usage-title" className="space-y-6">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h2 id="api-usage-title" className="text-lg font-semibold">
            {t("studio.stats.apiTitle")}
          </h2>
        </div>
        <div className="flex flex-wrap items-end gap-x-8 gap-y-4">
          <PeriodPicker days={data.days} />
          <Filters data={data} />
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <Stat label={t("studio.usageChart.requests")} value={f.count(data.totals.requests)} />
          <Stat label={t("studio.stats.creditsUsed")} value={f.count(data.totals.credits)} />
          <Stat
            label={t("studio.stats.errors")}
            value={f.count(data.totals.errors)}
            hint={t("studio.stats.errorRateHint", { rate: f.percent(data.totals.errorRate) })}
          />
        </div>
        {data.totals.requests === 0 ? (
          <NoUsage filtered={filtered} days={data.days} />
        ) : (
          <ApiCharts data={data} />
        )}
      </section>
      <section aria-labelledby="widget-usage-title" className="space-y-4">
        <h2 id="widget-usage-title" className="text-lg font-semibold">
          {t("studio.stats.widgetSection")}
        </h2>
        <WidgetSection data={data} />
      </section>
      <section aria-labelledby="coverage-title">
        <Coverage data={data} />
      </section>
    </div>
  );
}
