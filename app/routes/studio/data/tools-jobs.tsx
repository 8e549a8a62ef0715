// The tools page's jobs: the newest jobs' table (kind, state, progress, result, cancel) and its live refresh.
import { Download, FileText } from "lucide-react";
import { useEffect } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { Badge, type BadgeTone } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { LinkButton } from "../../../components/ui/link-button.tsx";
import { useToastFromData } from "../../../components/ui/toast.ts";
import type { ActionResult } from "../../../lib/forms.ts";
import { useT, useTranslateRef, type MessageKey } from "../../../lib/i18n.tsx";
import type { AppJobKinds } from "../../../../core/jobs/job-kinds.ts";
import type { JobState } from "../../../../core/jobs/job-queue.ts";
import type { Route } from "./+types/tools.ts";
import { ListTable, Time, type Column } from "./tools-list-table.tsx";
import { exportDownloadPath, TOOLS_PATH } from "./tools-paths.ts";

type JobRow = Route.ComponentProps["loaderData"]["jobs"][number];

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
  "send-showtime-alerts": "studio.tools.kind.showtimeAlerts",
};
/** The label of a job's kind; none for a name no kind has now (a job in the database may carry an old one). */
const kindLabel = (kind: string): MessageKey | undefined =>
  Object.hasOwn(KIND_LABELS, kind) ? KIND_LABELS[kind as keyof AppJobKinds] : undefined;
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

/** Live progress: read the page again while a job is queued or running, and only then. */
function useLiveProgress(jobs: readonly JobRow[]) {
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
}

/** What a job came to: its summary or error, its export's download, its import run's log. */
function JobResult({ job }: { job: JobRow }) {
  const t = useT();
  const translate = useTranslateRef();
  return (
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
  );
}

function useJobColumns(): Column<JobRow>[] {
  const t = useT();
  const cancel = useFetcher<ActionResult>({ key: "tools-cancel" });
  useToastFromData(cancel.state === "idle" ? cancel.data : undefined);
  return [
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
      cell: (job) => <JobResult job={job} />,
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
}

/** The jobs section: the newest jobs, refreshed while one is unfinished. */
export function JobsSection({ jobs }: { jobs: readonly JobRow[] }) {
  const t = useT();
  useLiveProgress(jobs);
  const jobColumns = useJobColumns();
  return (
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
  );
}
