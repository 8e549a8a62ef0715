import { Download, FileText } from "lucide-react";
import { useEffect, type ReactNode } from "react";
import { useIntl } from "react-intl";
import { useFetcher, useRevalidator } from "react-router";
import { LocalTime } from "../../../components/shell/local-time.tsx";
import {
  ExportForm,
  MaintenanceForm,
  RematchForm,
  RunFeedForm,
  TypedConfirmTool,
} from "../../../components/studio/tool-forms.tsx";
import { Badge, type BadgeTone } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { LinkButton } from "../../../components/ui/link-button.tsx";
import { PageHeader } from "../../../components/ui/page-header.tsx";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from "../../../components/ui/table.tsx";
import { useToastFromData } from "../../../components/ui/toast.ts";
import type { ActionResult } from "../../../lib/forms.ts";
import { useT, useTranslateRef, type MessageKey } from "../../../lib/i18n.tsx";
import { titleFrom } from "../../../lib/page-title.ts";
import type { AppJobKinds } from "../../../../core/jobs/job-kinds.ts";
import type { JobState } from "../../../../core/jobs/job-queue.ts";
import type { MigrationState } from "../../../../core/tools/read-migration-status.ts";
import type { Route } from "./+types/tools.ts";
import { exportDownloadPath, TOOLS_PATH } from "./tools-paths.ts";
import { loadTools, toolsAction } from "./tools.server.ts";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: titleFrom(matches, "studio.tools.title", "Data tools") }];
}

export async function loader({ context }: Route.LoaderArgs) {
  return loadTools(context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return toolsAction(request, context);
}

type Data = Route.ComponentProps["loaderData"];
type JobRow = Data["jobs"][number];
type TableRow = Data["tables"][number];

/** How often the page reads the jobs again while one is queued or running. */
const REFRESH_MS = 2_000;
const UNFINISHED: readonly JobState[] = ["created", "retry", "active"];

const STATE_TONES: Record<JobState, BadgeTone> = {
  created: "neutral",
  retry: "warning",
  active: "info",
  completed: "primary",
  cancelled: "neutral",
  failed: "danger",
};
const STATE_LABELS: Record<JobState, MessageKey> = {
  created: "studio.tools.state.created",
  retry: "studio.tools.state.retry",
  active: "studio.tools.state.active",
  completed: "studio.tools.state.completed",
  cancelled: "studio.tools.state.cancelled",
  failed: "studio.tools.state.failed",
};
/** A label for every job kind: a kind added to core/jobs/job-kinds.ts without one does not compile. */
const KIND_LABELS: Record<keyof AppJobKinds, MessageKey> = {
  "import-feed": "studio.tools.kind.importFeed",
  "enrich-movie": "studio.tools.kind.enrichMovie",
  "purge-old-showtimes": "studio.tools.kind.purge",
  "db-maintenance": "studio.tools.kind.maintenance",
  "rematch-showtimes": "studio.tools.kind.rematch",
  "reindex-search": "studio.tools.kind.reindex",
  "export-data": "studio.tools.kind.export",
};
/** The label of a job's kind; none for a name no kind has now (a job in the database may carry an old one). */
const kindLabel = (kind: string): MessageKey | undefined =>
  Object.hasOwn(KIND_LABELS, kind) ? KIND_LABELS[kind as keyof AppJobKinds] : undefined;
const MIGRATION_TONES: Record<MigrationState, BadgeTone> = {
  applied: "primary",
  pending: "warning",
  changed: "danger",
};
const MIGRATION_LABELS: Record<MigrationState, MessageKey> = {
  applied: "studio.tools.migrations.applied",
  pending: "studio.tools.migrations.pending",
  changed: "studio.tools.migrations.changed",
};

function formatBytes(bytes: number, locale: string) {
  const units = ["byte", "kilobyte", "megabyte", "gigabyte", "terabyte"] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(locale, {
    style: "unit",
    unit: units[unit],
    unitDisplay: "short",
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}

function ProgressCell({ job }: { job: JobRow }) {
  const t = useT();
  const progress = job.progress;
  if (!progress) return <span className="text-slate-600 dark:text-slate-400">–</span>;
  if (progress.total === null || progress.total === 0)
    return <span className="tabular-nums">{t("studio.tools.progress.done", { done: progress.done })}</span>;
  const percent = Math.min(100, Math.round((progress.done / progress.total) * 100));
  const label = t("studio.tools.progress.label", { done: progress.done, total: progress.total });
  return (
    <span className="flex min-w-32 items-center gap-2">
      <span
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 w-20 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
      >
        <span className="block h-full bg-blue-600 dark:bg-blue-400" style={{ width: `${percent}%` }} />
      </span>
      <span className="text-sm tabular-nums">{percent}%</span>
    </span>
  );
}

type Column<Row> = {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  align?: "start" | "end";
  className?: string;
};

/** A short, complete list (no paging: the page shows every table and the newest jobs). */
function ListTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
}: {
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
}) {
  return (
    <Table caption={caption} captionHidden>
      <TableHead>
        <TableRow>
          {columns.map((column) => (
            <TableHeaderCell key={column.key} align={column.align}>
              {column.header}
            </TableHeaderCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={rowKey(row)}>
            {columns.map((column) => (
              <TableCell key={column.key} align={column.align} className={column.className}>
                {column.cell(row)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function Time({ iso }: { iso: string | null }) {
  return iso ? <LocalTime iso={iso} /> : <span className="text-slate-600 dark:text-slate-400">–</span>;
}

export default function Tools({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const translate = useTranslateRef();
  const { migrations, tables, jobs, sources } = loaderData;
  const cancel = useFetcher<ActionResult>({ key: "tools-cancel" });
  useToastFromData(cancel.state === "idle" ? cancel.data : undefined);

  // Live progress: read the page again while a job is queued or running, and only then.
  const revalidator = useRevalidator();
  const busy = jobs.some((job) => UNFINISHED.includes(job.state));
  useEffect(() => {
    if (!busy) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && revalidator.state === "idle")
        void revalidator.revalidate();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [busy, revalidator]);

  const { locale } = useIntl();

  const tableColumns: Column<TableRow>[] = [
    { key: "name", header: t("studio.tools.tables.col.name"), cell: (row) => <code>{row.name}</code> },
    {
      key: "rows",
      header: t("studio.tools.tables.col.rows"),
      align: "end",
      className: "tabular-nums",
      cell: (row) =>
        row.rowsExact
          ? row.rows.toLocaleString(locale)
          : t("studio.tools.tables.estimate", { rows: row.rows.toLocaleString(locale) }),
    },
    {
      key: "total",
      header: t("studio.tools.tables.col.total"),
      align: "end",
      className: "tabular-nums whitespace-nowrap",
      cell: (row) => formatBytes(row.totalBytes, locale),
    },
    {
      key: "table",
      header: t("studio.tools.tables.col.table"),
      align: "end",
      className: "tabular-nums whitespace-nowrap",
      cell: (row) => formatBytes(row.tableBytes, locale),
    },
    {
      key: "indexes",
      header: t("studio.tools.tables.col.indexes"),
      align: "end",
      className: "tabular-nums whitespace-nowrap",
      cell: (row) => formatBytes(row.indexBytes, locale),
    },
    {
      key: "dead",
      header: t("studio.tools.tables.col.dead"),
      align: "end",
      className: "tabular-nums",
      cell: (row) => row.deadRows.toLocaleString(locale),
    },
    {
      key: "analyzed",
      header: t("studio.tools.tables.col.analyzed"),
      cell: (row) => <Time iso={row.lastAnalyze} />,
    },
  ];

  const jobColumns: Column<JobRow>[] = [
    {
      key: "kind",
      header: t("studio.tools.jobs.col.kind"),
      cell: (job) => {
        const label = kindLabel(job.kind);
        return label ? t(label) : job.kind;
      },
    },
    {
      key: "state",
      header: t("studio.tools.jobs.col.state"),
      cell: (job) => <Badge tone={STATE_TONES[job.state]}>{t(STATE_LABELS[job.state])}</Badge>,
    },
    {
      key: "progress",
      header: t("studio.tools.jobs.col.progress"),
      cell: (job) => <ProgressCell job={job} />,
    },
    {
      key: "started",
      header: t("studio.tools.jobs.col.started"),
      className: "whitespace-nowrap",
      cell: (job) => <Time iso={job.startedAt ?? job.createdAt} />,
    },
    {
      key: "finished",
      header: t("studio.tools.jobs.col.finished"),
      className: "whitespace-nowrap",
      cell: (job) => <Time iso={job.completedAt} />,
    },
    {
      key: "result",
      header: t("studio.tools.jobs.col.result"),
      cell: (job) => (
        <span className="grid min-w-40 gap-1 text-sm">
          {job.summary ? <span>{translate(job.summary)}</span> : null}
          {job.error ? <span className="text-red-700 dark:text-red-400">{job.error}</span> : null}
          {job.exportId ? (
            <a
              href={exportDownloadPath(job.exportId)}
              download
              className="inline-flex items-center gap-1 font-medium text-blue-700 underline dark:text-blue-300"
            >
              <Download aria-hidden="true" className="size-4" />
              {t("studio.tools.jobs.download")}
            </a>
          ) : null}
          {job.runId ? (
            <LinkButton to={`/studio/data/logs?tab=imports&run=${job.runId}`} size="sm" variant="ghost">
              <FileText aria-hidden="true" />
              {t("studio.tools.jobs.viewRun")}
            </LinkButton>
          ) : null}
        </span>
      ),
    },
    {
      key: "actions",
      header: <span className="sr-only">{t("studio.tools.jobs.col.actions")}</span>,
      align: "end",
      cell: (job) =>
        UNFINISHED.includes(job.state) ? (
          <cancel.Form method="post" action={TOOLS_PATH}>
            <input type="hidden" name="intent" value="cancel" />
            <input type="hidden" name="id" value={job.id} />
            <Button
              type="submit"
              size="sm"
              variant="outline"
              pending={cancel.state !== "idle" && cancel.formData?.get("id") === job.id}
            >
              {t("studio.tools.jobs.cancel")}
            </Button>
          </cancel.Form>
        ) : null,
    },
  ];

  return (
    <>
      <PageHeader title={t("studio.tools.title")} description={t("studio.tools.description")} />

      <section aria-labelledby="tools-jobs" className="mb-8">
        <h2 id="tools-jobs" className="mb-3 text-lg font-semibold">
          {t("studio.tools.jobs.title")}
        </h2>
        {jobs.length === 0 ? (
          <EmptyState title={t("studio.tools.jobs.empty")} hint={t("studio.tools.jobs.emptyHint")} />
        ) : (
          <ListTable
            caption={t("studio.tools.jobs.caption")}
            columns={jobColumns}
            rows={jobs}
            rowKey={(job) => job.id}
          />
        )}
      </section>

      <section aria-labelledby="tools-run" className="mb-8">
        <h2 id="tools-run" className="mb-3 text-lg font-semibold">
          {t("studio.tools.section.run")}
        </h2>
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          <Card>
            <CardHeader>
              <CardTitle as="h3">{t("studio.tools.maintenance.title")}</CardTitle>
              <CardDescription>{t("studio.tools.maintenance.description")}</CardDescription>
            </CardHeader>
            <CardContent>
              <MaintenanceForm action={TOOLS_PATH} tables={tables.map((table) => table.name).sort()} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle as="h3">{t("studio.tools.export.title")}</CardTitle>
              <CardDescription>{t("studio.tools.export.description")}</CardDescription>
            </CardHeader>
            <CardContent>
              <ExportForm action={TOOLS_PATH} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle as="h3">{t("studio.tools.runFeed.title")}</CardTitle>
              <CardDescription>{t("studio.tools.runFeed.description")}</CardDescription>
            </CardHeader>
            <CardContent>
              <RunFeedForm action={TOOLS_PATH} sources={sources} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle as="h3">{t("studio.tools.rematch.title")}</CardTitle>
              <CardDescription>{t("studio.tools.rematch.description")}</CardDescription>
            </CardHeader>
            <CardContent>
              <RematchForm action={TOOLS_PATH} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle as="h3">{t("studio.tools.purge.title")}</CardTitle>
              <CardDescription>{t("studio.tools.purge.description")}</CardDescription>
            </CardHeader>
            <CardContent className="flex justify-end">
              <TypedConfirmTool action={TOOLS_PATH} kind="purge" />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle as="h3">{t("studio.tools.reindex.title")}</CardTitle>
              <CardDescription>{t("studio.tools.reindex.description")}</CardDescription>
            </CardHeader>
            <CardContent className="flex justify-end">
              <TypedConfirmTool action={TOOLS_PATH} kind="reindex" />
            </CardContent>
          </Card>
        </div>
      </section>

      <section aria-labelledby="tools-database" className="grid gap-6">
        <h2 id="tools-database" className="text-lg font-semibold">
          {t("studio.tools.section.database")}
        </h2>
        <Card>
          <CardHeader>
            <CardTitle as="h3">{t("studio.tools.migrations.title")}</CardTitle>
            <CardDescription>
              {t("studio.tools.migrations.summary", {
                applied: migrations.applied,
                pending: migrations.pending,
              })}
              {migrations.unknown > 0
                ? ` ${t("studio.tools.migrations.unknown", { count: migrations.unknown })}`
                : null}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-1 text-sm" aria-label={t("studio.tools.migrations.title")}>
              {migrations.migrations.map((migration) => (
                <li key={migration.tag} className="flex flex-wrap items-center gap-2">
                  <code className="min-w-56">{migration.tag}</code>
                  <Badge tone={MIGRATION_TONES[migration.state]}>
                    {t(MIGRATION_LABELS[migration.state])}
                  </Badge>
                  <span className="text-slate-600 dark:text-slate-400">
                    <LocalTime iso={migration.createdAt} />
                  </span>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
        <div>
          <h3 className="mb-3 font-semibold">{t("studio.tools.tables.title")}</h3>
          <ListTable
            caption={t("studio.tools.tables.caption")}
            columns={tableColumns}
            rows={tables}
            rowKey={(row) => row.name}
          />
        </div>
      </section>
    </>
  );
}
