import { Form, useSearchParams } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import { TabLinks } from "../../../components/ui/tabs.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { LinkButton } from "../../../components/ui/link-button.tsx";
import { PageHeader } from "../../../components/ui/page-header.tsx";
import { useT, type MessageKey } from "../../../lib/i18n.tsx";
import { titleFrom } from "../../../lib/page-title.ts";
import { tableUrl } from "../../../lib/table-url.ts";
import { wantsCsv } from "../../../lib/csv.server.ts";
import type { Route } from "./+types/logs.ts";
import { AuditTable } from "./logs-audit-table.tsx";
import { ImportTable } from "./logs-import-table.tsx";
import { FROM_PARAM, LOGS_TABS, TO_PARAM, tabHref, type LogsTab } from "./logs-params.ts";
import { loadLogs, logsCsv } from "./logs.server.ts";

export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => (wantsCsv(request) ? logsCsv(request, context) : next()),
];

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: titleFrom(matches, "studio.logs.title", "Logs") }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadLogs(request, context);
}

const TAB_LABELS: Record<LogsTab, MessageKey> = {
  changes: "studio.logs.tab.changes",
  auth: "studio.logs.tab.auth",
  imports: "studio.logs.tab.imports",
};

export default function Logs({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <div className="space-y-6">
      <PageHeader title={t("studio.logs.title")} description={t("studio.logs.description")} />
      <TabLinks
        label={t("studio.logs.tabsLabel")}
        links={LOGS_TABS.map((tab) => ({
          key: tab,
          to: tabHref(tab),
          label: t(TAB_LABELS[tab]),
          current: tab === loaderData.tab,
        }))}
      />
      <DateRange from={loaderData.range.from} to={loaderData.range.to} />
      {loaderData.audit ? (
        <AuditTable tab={loaderData.tab} sort={loaderData.sort} audit={loaderData.audit} />
      ) : null}
      {loaderData.imports ? (
        <ImportTable sort={loaderData.sort} imports={loaderData.imports} run={loaderData.run} />
      ) : null}
    </div>
  );
}

/** The days from/to (both included): a GET form keeping the table's other parameters. */
function DateRange({ from, to }: { from: string | null; to: string | null }) {
  const t = useT();
  const [params] = useSearchParams();
  const kept = [...params.entries()].filter(
    ([name]) => ![FROM_PARAM, TO_PARAM, "page", "format"].includes(name),
  );
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3" aria-label={t("studio.logs.range.label")}>
      {kept.map(([name, value], index) => (
        <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
      ))}
      <div className="flex flex-col gap-1">
        <label htmlFor="logs-from" className="text-sm font-medium">
          {t("studio.logs.range.from")}
        </label>
        <Input id="logs-from" type="date" name={FROM_PARAM} defaultValue={from ?? ""} key={`from-${from}`} />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="logs-to" className="text-sm font-medium">
          {t("studio.logs.range.to")}
        </label>
        <Input id="logs-to" type="date" name={TO_PARAM} defaultValue={to ?? ""} key={`to-${to}`} />
      </div>
      <Button type="submit" variant="outline">
        {t("studio.logs.range.apply")}
      </Button>
      {from || to ? (
        <LinkButton
          variant="ghost"
          to={{ search: tableUrl(params, { [FROM_PARAM]: null, [TO_PARAM]: null }) }}
        >
          {t("studio.logs.range.clear")}
        </LinkButton>
      ) : null}
    </Form>
  );
}
