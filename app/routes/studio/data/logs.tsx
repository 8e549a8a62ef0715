import { Form, useSearchParams } from "react-router";
import { useState } from "react";
import { LocalTime } from "../../../components/shell/local-time.tsx";
import { Badge, type BadgeTone } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { cx, focusRing } from "../../../components/ui/cx.ts";
import { DataTable, type DataTableColumn } from "../../../components/ui/data-table.tsx";
import { TabLinks } from "../../../components/ui/tabs.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { LinkButton } from "../../../components/ui/link-button.tsx";
import { PageHeader } from "../../../components/ui/page-header.tsx";
import { useT, useTranslateRef, type MessageKey } from "../../../lib/i18n.tsx";
import { titleFrom } from "../../../lib/page-title.ts";
import { tableUrl } from "../../../lib/table-url.ts";
import type { AuditDiffEntry, AuditDiffStatus } from "../../../../core/audit/audit-diff.ts";
import {
  IMPORT_RUN_STATUSES,
  type ImportRunShownStatus,
} from "../../../../core/audit/import-run-statuses.ts";
import { wantsCsv } from "../../../lib/csv.server.ts";
import { exportHref } from "../config/list-helpers.ts";
import type { Route } from "./+types/logs.ts";
import {
  FROM_PARAM,
  LOGS_TABS,
  RUN_PARAM,
  TAB_PARAM,
  TO_PARAM,
  tabHref,
  type LogsTab,
} from "./logs-params.ts";
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

type Data = Route.ComponentProps["loaderData"];
type AuditRow = NonNullable<Data["audit"]>["rows"][number];
type ImportRow = NonNullable<Data["imports"]>["rows"][number];

const TAB_LABELS: Record<LogsTab, MessageKey> = {
  changes: "studio.logs.tab.changes",
  auth: "studio.logs.tab.auth",
  imports: "studio.logs.tab.imports",
};

const STATUS_TONES: Record<ImportRunShownStatus, BadgeTone> = {
  running: "info",
  succeeded: "primary",
  failed: "danger",
  partial: "warning",
  retrying: "warning",
  interrupted: "danger",
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

/** A row without an actor: a failed sign-in came from someone not signed in, the rest from the system. */
const noActorLabel = (action: string): MessageKey =>
  action.startsWith("auth.") ? "studio.logs.anonymous" : "studio.logs.system";

function Actor({ row }: { row: AuditRow }) {
  const t = useT();
  if (!row.actorProfileId && !row.actorName) return <span>{t(noActorLabel(row.action))}</span>;
  return (
    <div className="flex flex-col">
      <span className="font-medium">{row.actorName ?? t("studio.logs.unknownActor")}</span>
      {row.actorEmail ? (
        <span className="text-xs text-slate-600 dark:text-slate-400">{row.actorEmail}</span>
      ) : null}
      {row.impersonating ? (
        <Badge tone="warning" className="mt-1 self-start">
          {t("studio.logs.impersonating")}
        </Badge>
      ) : null}
    </div>
  );
}

function AuditTable({ tab, sort, audit }: { tab: LogsTab; sort: string; audit: NonNullable<Data["audit"]> }) {
  const t = useT();
  const [params] = useSearchParams();
  const [open, setOpen] = useState<AuditRow | null>(null);
  const columns: DataTableColumn<AuditRow>[] = [
    {
      key: "at",
      header: t("studio.logs.col.at"),
      sortable: true,
      className: "whitespace-nowrap",
      cell: (row) => <LocalTime iso={row.at} />,
    },
    {
      key: "action",
      header: t("studio.logs.col.action"),
      cell: (row) => <code className="text-sm">{row.action}</code>,
    },
    {
      key: "entity",
      header: t("studio.logs.col.entity"),
      hideable: true,
      className: "max-w-56",
      cell: (row) =>
        row.entityType || row.entityId ? (
          <div className="flex flex-col">
            <span>{row.entityType ?? "—"}</span>
            {row.entityId ? (
              <code className="truncate text-xs text-slate-700 dark:text-slate-300">{row.entityId}</code>
            ) : null}
          </div>
        ) : (
          "—"
        ),
    },
    { key: "actor", header: t("studio.logs.col.actor"), cell: (row) => <Actor row={row} /> },
    {
      key: "client",
      header: t("studio.logs.col.client"),
      hideable: true,
      cell: (row) => row.clientName ?? "—",
    },
    {
      key: "ip",
      header: t("studio.logs.col.ip"),
      hideable: true,
      cell: (row) => (row.ip ? <code className="text-xs">{row.ip}</code> : "—"),
    },
    {
      key: "requestId",
      header: t("studio.logs.col.requestId"),
      hideable: true,
      className: "max-w-40",
      cell: (row) => (row.requestId ? <code className="block truncate text-xs">{row.requestId}</code> : "—"),
    },
    {
      key: "diff",
      header: <span className="sr-only">{t("studio.logs.col.details")}</span>,
      label: t("studio.logs.col.details"),
      align: "end",
      cell: (row) => (
        <Button
          variant="outline"
          size="sm"
          onClick={() => setOpen(row)}
          aria-label={t("studio.logs.openDiff", { action: row.action })}
        >
          {t("studio.logs.details")}
        </Button>
      ),
    },
  ];
  return (
    <>
      <DataTable
        columns={columns}
        rows={audit.rows}
        rowKey={(row) => row.id}
        total={audit.total}
        page={audit.page}
        pageSize={audit.pageSize}
        sort={sort}
        caption={t(tab === "auth" ? "studio.logs.caption.auth" : "studio.logs.caption.changes")}
        searchPlaceholder={t("studio.logs.searchPlaceholder")}
        filters={[
          { name: "clientId", label: t("studio.logs.filter.client"), options: audit.choices.clients },
          {
            name: "kind",
            label: t("studio.logs.filter.kind"),
            options: audit.choices.kinds.map((kind) => ({ value: kind, label: `${kind}*` })),
          },
          {
            name: "entityType",
            label: t("studio.logs.filter.entityType"),
            options: audit.choices.entityTypes.map((type) => ({ value: type, label: type })),
          },
          {
            name: "actor",
            label: t("studio.logs.filter.actor"),
            options: audit.choices.actors.map((actor) => ({
              value: actor.id,
              label:
                actor.email && actor.email !== actor.name ? `${actor.name} (${actor.email})` : actor.name,
            })),
          },
        ]}
        emptyTitle={t("studio.logs.empty")}
        emptyHint={t("studio.logs.emptyHint")}
        exportHref={withTab(exportHref(params), tab)}
      />
      <Dialog open={open !== null} onOpenChange={(next) => (next ? null : setOpen(null))}>
        {open ? <DiffDialog row={open} /> : null}
      </Dialog>
    </>
  );
}

/** The export link keeps the tab even when the URL has none (the changes tab). */
function withTab(href: string, tab: LogsTab): string {
  const params = new URLSearchParams(href.slice(1));
  if (tab !== "changes") params.set(TAB_PARAM, tab);
  return `?${params.toString()}`;
}

const DIFF_LABELS: Record<AuditDiffStatus, MessageKey> = {
  changed: "studio.logs.diff.changed",
  added: "studio.logs.diff.added",
  removed: "studio.logs.diff.removed",
  unchanged: "studio.logs.diff.unchanged",
};
const DIFF_TONES: Record<AuditDiffStatus, BadgeTone> = {
  changed: "info",
  added: "primary",
  removed: "danger",
  unchanged: "neutral",
};

function DiffValue({ value }: { value: string | null }) {
  const t = useT();
  if (value === null)
    return <span className="text-sm text-slate-600 dark:text-slate-400">{t("studio.logs.diff.absent")}</span>;
  return (
    <pre className="rounded-md bg-slate-100 p-2 text-xs whitespace-pre-wrap break-all text-slate-900 dark:bg-slate-800 dark:text-slate-100">
      {value}
    </pre>
  );
}

function DiffEntries({ entries }: { entries: readonly AuditDiffEntry[] }) {
  const t = useT();
  return (
    <table className="w-full table-fixed border-collapse text-start text-sm">
      <thead>
        <tr className="border-b border-slate-200 dark:border-slate-700">
          <th scope="col" className="w-1/4 py-2 pe-2 text-start font-semibold">
            {t("studio.logs.diff.field")}
          </th>
          <th scope="col" className="py-2 pe-2 text-start font-semibold">
            {t("studio.logs.diff.before")}
          </th>
          <th scope="col" className="py-2 text-start font-semibold">
            {t("studio.logs.diff.after")}
          </th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr key={entry.field} className="border-b border-slate-200 align-top dark:border-slate-800">
            <th scope="row" className="py-2 pe-2 text-start font-normal">
              <code className="block break-all">{entry.field || t("studio.logs.diff.value")}</code>
              <Badge tone={DIFF_TONES[entry.status]} className="mt-1">
                {t(DIFF_LABELS[entry.status])}
              </Badge>
            </th>
            <td className="py-2 pe-2">
              <DiffValue value={entry.before} />
            </td>
            <td className="py-2">
              <DiffValue value={entry.after} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function DiffDialog({ row }: { row: AuditRow }) {
  const t = useT();
  const changed = row.diff.filter((entry) => entry.status !== "unchanged");
  const unchanged = row.diff.filter((entry) => entry.status === "unchanged");
  return (
    <DialogContent className="max-w-3xl">
      <DialogHeader>
        <DialogTitle>{t("studio.logs.diff.title", { action: row.action })}</DialogTitle>
        <DialogDescription>
          {t("studio.logs.diff.description", {
            actor: row.actorName ?? row.actorEmail ?? t(noActorLabel(row.action)),
          })}
        </DialogDescription>
      </DialogHeader>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium">{t("studio.logs.col.at")}</dt>
        <dd>
          <LocalTime iso={row.at} />
        </dd>
        <dt className="font-medium">{t("studio.logs.col.entity")}</dt>
        <dd className="break-all">{[row.entityType, row.entityId].filter(Boolean).join(" · ") || "—"}</dd>
        <dt className="font-medium">{t("studio.logs.col.client")}</dt>
        <dd>{row.clientName ?? "—"}</dd>
        <dt className="font-medium">{t("studio.logs.col.actor")}</dt>
        <dd>
          {[row.actorName, row.actorEmail].filter(Boolean).join(" · ") || t(noActorLabel(row.action))}
          {row.impersonating ? ` (${t("studio.logs.impersonating")})` : ""}
        </dd>
        <dt className="font-medium">{t("studio.logs.col.ip")}</dt>
        <dd>{row.ip ?? "—"}</dd>
        <dt className="font-medium">{t("studio.logs.col.requestId")}</dt>
        <dd className="break-all">{row.requestId ?? "—"}</dd>
      </dl>
      {row.diff.length === 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">{t("studio.logs.diff.none")}</p>
      ) : (
        <>
          {changed.length ? (
            <DiffEntries entries={changed} />
          ) : (
            <p className="text-sm text-slate-700 dark:text-slate-300">{t("studio.logs.diff.noChanges")}</p>
          )}
          {unchanged.length ? (
            <details className="text-sm">
              <summary className={cx("cursor-pointer rounded font-medium", focusRing)}>
                {t("studio.logs.diff.unchangedFields", { count: unchanged.length })}
              </summary>
              <DiffEntries entries={unchanged} />
            </details>
          ) : null}
        </>
      )}
    </DialogContent>
  );
}

type RunDetail = NonNullable<Data["run"]>;

/** One run's counts and problems; the dialog is part of the URL (?run=), so Back closes it. */
function RunDialog({ run, onClose }: { run: RunDetail | null; onClose: () => void }) {
  const t = useT();
  const translate = useTranslateRef();
  return (
    <Dialog open={run !== null} onOpenChange={(isOpen) => (isOpen ? null : onClose())}>
      {run ? (
        <DialogContent className="sm:max-w-3xl">
          <DialogHeader>
            <DialogTitle>{t("studio.logs.imports.run.title", { source: run.sourceName })}</DialogTitle>
            <DialogDescription>
              <Badge tone={STATUS_TONES[run.status]}>{t(`studio.logs.imports.status.${run.status}`)}</Badge>{" "}
              <LocalTime iso={run.startedAt} /> · {t(`studio.logs.imports.trigger.${run.trigger}`)}
            </DialogDescription>
          </DialogHeader>
          <p className="text-sm">{t("studio.logs.imports.counts", { ...run.counts })}</p>
          {run.errorSummary ? <p className="text-sm font-medium">{translate(run.errorSummary)}</p> : null}
          {run.problems.length === 0 ? (
            <p className="text-sm text-slate-700 dark:text-slate-300">
              {t("studio.logs.imports.run.noProblems")}
            </p>
          ) : (
            <div
              className="max-h-[60vh] overflow-auto rounded-md border border-slate-200 dark:border-slate-700"
              tabIndex={0}
            >
              <table className="w-full text-start text-sm">
                <caption className="sr-only">{t("studio.logs.imports.run.problemsCaption")}</caption>
                <thead className="sticky top-0 bg-slate-50 dark:bg-slate-800">
                  <tr>
                    <th scope="col" className="px-3 py-2 font-medium">
                      {t("studio.logs.imports.run.where")}
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      {t("studio.logs.imports.run.field")}
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      {t("studio.logs.imports.run.message")}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {run.problems.map((problem, index) => (
                    <tr key={index} className="border-t border-slate-200 dark:border-slate-700">
                      <td className="px-3 py-2 font-mono text-xs whitespace-nowrap">
                        {problem.where || "—"}
                      </td>
                      <td className="px-3 py-2 font-mono text-xs">{problem.field || "—"}</td>
                      <td className="px-3 py-2">{translate(problem.message)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function ImportTable({
  sort,
  imports,
  run,
}: {
  sort: string;
  imports: NonNullable<Data["imports"]>;
  run: Data["run"];
}) {
  const t = useT();
  const translate = useTranslateRef();
  const [params, setParams] = useSearchParams();
  const showRun = (id: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set(RUN_PARAM, id);
        else next.delete(RUN_PARAM);
        return next;
      },
      { preventScrollReset: true },
    );
  const columns: DataTableColumn<ImportRow>[] = [
    {
      key: "startedAt",
      header: t("studio.logs.imports.col.started"),
      sortable: true,
      className: "whitespace-nowrap",
      cell: (row) => <LocalTime iso={row.startedAt} />,
    },
    {
      key: "finishedAt",
      header: t("studio.logs.imports.col.finished"),
      hideable: true,
      className: "whitespace-nowrap",
      cell: (row) => (row.finishedAt ? <LocalTime iso={row.finishedAt} /> : "—"),
    },
    {
      key: "source",
      header: t("studio.logs.imports.col.source"),
      cell: (row) => (
        <div className="flex flex-col">
          <span className="font-medium">{row.sourceName}</span>
          <code className="text-xs text-slate-700 dark:text-slate-300">{row.sourceFormat}</code>
        </div>
      ),
    },
    {
      key: "status",
      header: t("studio.logs.imports.col.status"),
      cell: (row) => (
        <Badge tone={STATUS_TONES[row.status]}>{t(`studio.logs.imports.status.${row.status}`)}</Badge>
      ),
    },
    {
      key: "counts",
      header: t("studio.logs.imports.col.counts"),
      cell: (row) =>
        t("studio.logs.imports.counts", {
          read: row.counts.read,
          inserted: row.counts.inserted,
          updated: row.counts.updated,
          cancelled: row.counts.cancelled,
          unmatched: row.counts.unmatched,
          rejected: row.counts.rejected,
        }),
    },
    {
      key: "error",
      header: t("studio.logs.imports.col.error"),
      hideable: true,
      className: "max-w-64",
      cell: (row) => (row.errorSummary ? translate(row.errorSummary) : "—"),
    },
    {
      key: "problems",
      header: t("studio.logs.imports.col.problems"),
      cell: (row) => (
        <Button size="sm" variant="outline" onClick={() => showRun(row.id)}>
          {t("studio.logs.imports.showRun", { count: row.problemCount })}
          <span className="sr-only">: {row.sourceName}</span>
        </Button>
      ),
    },
  ];
  return (
    <>
      <RunDialog run={run} onClose={() => showRun(null)} />
      <DataTable
        columns={columns}
        rows={imports.rows}
        rowKey={(row) => row.id}
        total={imports.total}
        page={imports.page}
        pageSize={imports.pageSize}
        sort={sort}
        caption={t("studio.logs.caption.imports")}
        searchPlaceholder={t("studio.logs.imports.searchPlaceholder")}
        filters={[
          {
            name: "status",
            label: t("studio.logs.imports.filter.status"),
            options: IMPORT_RUN_STATUSES.map((status) => ({
              value: status,
              label: t(`studio.logs.imports.status.${status}`),
            })),
          },
        ]}
        emptyTitle={t("studio.logs.imports.empty")}
        emptyHint={t("studio.logs.imports.emptyHint")}
        exportHref={withTab(exportHref(params), "imports")}
      />
    </>
  );
}
