// The imports tab: the feed import runs' table, and one run's counts and problems in a dialog.
import { useSearchParams } from "react-router";
import { LocalTime } from "../../../components/shell/local-time.tsx";
import { Badge, type BadgeTone } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { DataTable, type DataTableColumn } from "../../../components/ui/data-table.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { useT, useTranslateRef, type MessageKey } from "../../../lib/i18n.tsx";
import {
  IMPORT_RUN_STATUSES,
  type ImportRunShownStatus,
} from "../../../../core/audit/import-run-statuses.ts";
import { exportHref } from "../config/list-helpers.ts";
import type { Route } from "./+types/logs.ts";
import { withTab } from "./logs-audit-table.tsx";
import { LogDialogContent } from "./logs-dialog.tsx";
import { RUN_PARAM } from "./logs-params.ts";

type Data = Route.ComponentProps["loaderData"];
type ImportRow = NonNullable<Data["imports"]>["rows"][number];

const STATUS_TONES: Record<ImportRunShownStatus, BadgeTone> = {
  running: "info",
  succeeded: "primary",
  failed: "danger",
  partial: "warning",
  retrying: "warning",
  interrupted: "danger",
};

const PROBLEM_HEADERS = [
  "studio.logs.imports.run.where",
  "studio.logs.imports.run.field",
  "studio.logs.imports.run.message",
] as const satisfies readonly MessageKey[];

type RunDetail = NonNullable<Data["run"]>;

/** One run's counts and problems; the dialog is part of the URL (?run=), so Back closes it. */
function RunDialog({ run, onClose }: { run: RunDetail | null; onClose: () => void }) {
  const t = useT();
  const translate = useTranslateRef();
  return (
    <Dialog open={run !== null} onOpenChange={(isOpen) => (isOpen ? null : onClose())}>
      {run ? (
        <LogDialogContent
          className="sm:max-w-3xl"
          title={t("studio.logs.imports.run.title", { source: run.sourceName })}
          description={
            <>
              <Badge tone={STATUS_TONES[run.status]}>{t(`studio.logs.imports.status.${run.status}`)}</Badge>{" "}
              <LocalTime iso={run.startedAt} /> · {t(`studio.logs.imports.trigger.${run.trigger}`)}
            </>
          }
        >
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
                    {PROBLEM_HEADERS.map((header) => (
                      <th key={header} scope="col" className="px-3 py-2 font-medium">
                        {t(header)}
                      </th>
                    ))}
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
        </LogDialogContent>
      ) : null}
    </Dialog>
  );
}

export function ImportTable({
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
