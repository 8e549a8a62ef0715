import { useChartFormats } from "../../components/studio/chart-formats.ts";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Stat } from "../../components/ui/stat.tsx";
import { useT } from "../../lib/i18n.tsx";
import { titleFrom } from "../../lib/page-title.ts";
import { useUserContext } from "../../lib/user-context.tsx";
import type { Route } from "./+types/stats.ts";
import { ApiCharts, NoUsage, WidgetSection } from "./stats-charts.tsx";
import { Coverage } from "./stats-coverage.tsx";
import { Filters, PeriodPicker } from "./stats-filters.tsx";
import { loadStats } from "./stats.server.ts";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: titleFrom(matches, "studio.stats.title", "Usage and statistics") }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadStats(request, context);
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
