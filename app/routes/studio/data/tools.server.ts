// /studio/data/tools on the server (super admins only, by the route guard and again here): migrations,
// table sizes, the recent jobs with a summary of each result, and the intents that queue a tool's job
// (maintenance, purge, rematch, reindex, export, runFeed) or cancel one.
import type { RouterContextProvider } from "react-router";
import { messageRef, type MessageRef } from "../../../../core/i18n/message-ref.ts";
import { listSources } from "../../../../core/ingest/sources/list-sources.ts";
import { runSourceNow } from "../../../../core/ingest/sources/run-source-now.ts";
import { cancelJob } from "../../../../core/jobs/cancel-job.ts";
import type { JobRecord } from "../../../../core/jobs/job-queue.ts";
import { listRecentJobs } from "../../../../core/jobs/list-recent-jobs.ts";
import { readMigrationStatus } from "../../../../core/tools/read-migration-status.ts";
import { readTableSizes } from "../../../../core/tools/read-table-sizes.ts";
import { startExport } from "../../../../core/tools/start-export.ts";
import { startMaintenance } from "../../../../core/tools/start-maintenance.ts";
import { startPurge } from "../../../../core/tools/start-purge.ts";
import { startRematch } from "../../../../core/tools/start-rematch.ts";
import { startReindex } from "../../../../core/tools/start-reindex.ts";
import {
  cancelToolJobSchema,
  exportSchema,
  maintenanceSchema,
  purgeSchema,
  reindexSchema,
  rematchSchema,
  runFeedSchema,
} from "../../../../core/tools/tool-schemas.ts";
import {
  readForm,
  readIntent,
  runForm,
  successToast,
  unknownIntent,
} from "../../../lib/form-action.server.ts";
import { namedToast } from "../../../lib/list-route.server.ts";
import { studioRequest } from "../../../lib/studio-request.server.ts";
import { refuseUnlessSuperAdmin } from "./catalog.server.ts";

export const TOOL_INTENTS = [
  "maintenance",
  "purge",
  "rematch",
  "reindex",
  "export",
  "runFeed",
  "cancel",
] as const;

const JOB_LIMIT = 25;

/** One job as the page shows it: what it did in a sentence, and a link when it made something. */
function jobRow(job: JobRecord) {
  const result = (job.result ?? {}) as Record<string, unknown>;
  const number = (key: string) => Number(result[key] ?? 0);
  let summary: MessageRef | null = null;
  if (job.state === "completed") {
    switch (job.kind) {
      case "db-maintenance":
        summary = messageRef("studio.tools.summary.maintenance", { tables: number("tables") });
        break;
      case "purge-old-showtimes":
        summary = messageRef("studio.tools.summary.purge", { deleted: number("deleted") });
        break;
      case "rematch-showtimes":
        summary = messageRef("studio.tools.summary.rematch", {
          titles: number("titles"),
          linked: number("linkedTitles"),
          showtimes: number("linkedShowtimes"),
        });
        break;
      case "reindex-search":
        summary = messageRef("studio.tools.summary.reindex", { indexes: number("indexes") });
        break;
      case "export-data":
        summary = messageRef(
          result.capped ? "studio.tools.summary.exportCapped" : "studio.tools.summary.export",
          { rows: number("rows"), cap: number("cap") },
        );
        break;
      case "import-feed":
        summary =
          typeof result.skipped === "string"
            ? messageRef("studio.tools.summary.importSkipped")
            : messageRef("studio.tools.summary.import", { status: String(result.status ?? "") });
        break;
    }
  }
  return {
    id: job.id,
    kind: job.kind,
    state: job.state,
    progress: job.progress,
    error: job.error,
    summary,
    exportId: typeof result.exportId === "string" ? result.exportId : null,
    runId: typeof result.runId === "string" ? result.runId : null,
    createdAt: job.createdAt.toISOString(),
    startedAt: job.startedAt?.toISOString() ?? null,
    completedAt: job.completedAt?.toISOString() ?? null,
  };
}

export async function loadTools(context: Readonly<RouterContextProvider>) {
  const { services, session } = studioRequest(context);
  const { actor } = session;
  const [migrations, tables, jobs, sources] = await Promise.all([
    readMigrationStatus(services, actor),
    readTableSizes(services, actor),
    listRecentJobs(services, actor, { limit: JOB_LIMIT }),
    listSources(services, actor, {}),
  ]);
  return {
    migrations: {
      ...migrations,
      migrations: migrations.migrations.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
    },
    tables: tables.map((table) => ({
      ...table,
      lastVacuum: table.lastVacuum?.toISOString() ?? null,
      lastAnalyze: table.lastAnalyze?.toISOString() ?? null,
    })),
    jobs: jobs.map(jobRow),
    sources: sources.map((source) => ({ id: source.id, name: source.name, enabled: source.enabled })),
  };
}

const queued = () => successToast("studio.tools.toast.queued");

export async function toolsAction(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, session } = studioRequest(context);
  const { actor } = session;
  const refused = refuseUnlessSuperAdmin(actor);
  if (refused) return refused;
  const form = await readForm(request);
  const intent = readIntent(form, TOOL_INTENTS);
  switch (intent) {
    case "maintenance":
      return runForm(intent, form, maintenanceSchema, (v) => startMaintenance(services, actor, v), queued);
    case "purge":
      return runForm(intent, form, purgeSchema, (v) => startPurge(services, actor, v), queued);
    case "rematch":
      return runForm(intent, form, rematchSchema, () => startRematch(services, actor), queued, {
        toastOnError: true,
      });
    case "reindex":
      return runForm(intent, form, reindexSchema, (v) => startReindex(services, actor, v), queued);
    case "export":
      return runForm(intent, form, exportSchema, (v) => startExport(services, actor, v), queued);
    case "runFeed":
      return runForm(
        intent,
        form,
        runFeedSchema,
        (v) => runSourceNow(services, actor, { id: v.sourceId }),
        namedToast("studio.tools.toast.feedQueued"),
      );
    case "cancel":
      return runForm(
        intent,
        form,
        cancelToolJobSchema,
        (v) => cancelJob(services, actor, v),
        () => successToast("studio.tools.toast.cancelled"),
        { toastOnError: true },
      );
    default:
      return unknownIntent();
  }
}
