// /studio/data/logs on the server (super admin): the audit trail split in two tabs (changes; sign-ins
// and auth events) and the import runs, each searched, filtered, sorted and paged from the URL, and
// their CSV exports. Bad parameters are ignored, never an error.
import type { RouterContextProvider } from "react-router";
import { getImportRun } from "../../../../core/audit/get-import-run.ts";
import { isAppError } from "../../../../core/errors.ts";
import { auditDiff, redactSecrets } from "../../../../core/audit/audit-diff.ts";
import {
  AUTH_ACTION_PREFIXES,
  listAuditFilterChoices,
  listAuditLogs,
  type AuditLogRow,
} from "../../../../core/audit/list-audit-logs.ts";
import { IMPORT_RUN_STATUSES, listImportRuns } from "../../../../core/audit/list-import-runs.ts";
import { withLeaseStatus } from "../../../../core/ingest/import-run-leases.ts";
import { readChoice, readPageClamped } from "../../../lib/table-query.server.ts";
import { readTableParams } from "../../../lib/table-url.ts";
import { allRows, csvResponse } from "../../../lib/csv.server.ts";
import { interfaceText, studioRequest } from "../../../lib/studio-request.server.ts";
import { clientChoices, readDay, readId } from "../config/credits.server.ts";
import { RUN_PARAM, FROM_PARAM, LOGS_TABS, TAB_PARAM, TO_PARAM, type LogsTab } from "./logs-params.ts";

type Services = ReturnType<typeof studioRequest>["services"];
type Session = ReturnType<typeof studioRequest>["session"];

const isAuthKind = (kind: string) => (AUTH_ACTION_PREFIXES as readonly string[]).includes(kind);

async function readAuditQuery(url: URL, tab: "changes" | "auth", services: Services, session: Session) {
  const params = url.searchParams;
  const table = readTableParams(params, { sortKeys: ["at"], defaultSort: "-at" });
  const choices = await listAuditFilterChoices(services, session.actor);
  const kinds = choices.kinds.filter((kind) => isAuthKind(kind) === (tab === "auth"));
  return {
    table,
    choices: { ...choices, kinds },
    input: {
      group: tab,
      search: table.q || undefined,
      clientId: readId(params, "clientId"),
      action: readChoice(params, "kind", kinds),
      entityType: readChoice(params, "entityType", choices.entityTypes),
      actorProfileId: readId(params, "actor"),
      from: readDay(params, FROM_PARAM),
      to: readDay(params, TO_PARAM),
      sort: table.sort as "at" | "-at",
    },
  };
}

function readImportQuery(url: URL) {
  const params = url.searchParams;
  const table = readTableParams(params, { sortKeys: ["startedAt"], defaultSort: "-startedAt" });
  return {
    table,
    input: {
      search: table.q || undefined,
      status: readChoice(params, "status", IMPORT_RUN_STATUSES),
      from: readDay(params, FROM_PARAM),
      to: readDay(params, TO_PARAM),
      sort: table.sort as "startedAt" | "-startedAt",
    },
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A run id that names no run shows the list without the dialog. */
const notFoundAsNull = (error: unknown) => {
  if (isAppError(error) && error.code === "not_found") return null;
  throw error;
};

const readTab = (url: URL): LogsTab => readChoice(url.searchParams, TAB_PARAM, LOGS_TABS) ?? "changes";

function auditRowView(row: AuditLogRow) {
  const { before, after, at, ...rest } = row;
  return { ...rest, at: at.toISOString(), diff: auditDiff(before, after) };
}

export async function loadLogs(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, session } = studioRequest(context);
  const url = new URL(request.url);
  const tab = readTab(url);
  const range = {
    from: readDay(url.searchParams, FROM_PARAM) ?? null,
    to: readDay(url.searchParams, TO_PARAM) ?? null,
  };
  if (tab === "imports") {
    const { table, input } = readImportQuery(url);
    const runId = url.searchParams.get(RUN_PARAM) ?? "";
    const [runs, found] = await Promise.all([
      readPageClamped(
        (page) => listImportRuns(services, session.actor, { ...input, page, pageSize: table.pageSize }),
        table.page,
      ),
      UUID.test(runId) ? getImportRun(services, session.actor, { id: runId }).catch(notFoundAsNull) : null,
    ]);
    // A run still stored as running whose worker died shows as interrupted (and retrying) at once.
    const [rows, run] = await Promise.all([
      withLeaseStatus(services.jobs, runs.rows),
      found ? withLeaseStatus(services.jobs, [found]).then(([shown]) => shown!) : null,
    ]);
    return {
      tab,
      range,
      sort: table.sort,
      imports: {
        rows: rows.map((row) => ({
          ...row,
          startedAt: row.startedAt.toISOString(),
          finishedAt: row.finishedAt?.toISOString() ?? null,
        })),
        total: runs.total,
        page: runs.page,
        pageSize: runs.pageSize,
      },
      run: run
        ? {
            ...run,
            startedAt: run.startedAt.toISOString(),
            finishedAt: run.finishedAt?.toISOString() ?? null,
          }
        : null,
      audit: null,
    };
  }
  const { table, input, choices } = await readAuditQuery(url, tab, services, session);
  const [logs, clients] = await Promise.all([
    readPageClamped(
      (page) => listAuditLogs(services, session.actor, { ...input, page, pageSize: table.pageSize }),
      table.page,
    ),
    clientChoices(services, session),
  ]);
  return {
    tab,
    range,
    sort: table.sort,
    imports: null,
    run: null,
    audit: {
      rows: logs.rows.map(auditRowView),
      total: logs.total,
      page: logs.page,
      pageSize: logs.pageSize,
      choices: { ...choices, clients },
    },
  };
}

const json = (value: unknown) =>
  value === null || value === undefined ? null : JSON.stringify(redactSecrets(value));

export async function logsCsv(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, session } = studioRequest(context);
  const url = new URL(request.url);
  const tab = readTab(url);
  if (tab === "imports") {
    const { input } = readImportQuery(url);
    const rows = await allRows((page, pageSize) =>
      listImportRuns(services, session.actor, { ...input, page, pageSize }),
    );
    return csvResponse(
      "import-runs",
      [
        "csv.column.id",
        "studio.logs.imports.col.source",
        "csv.column.format",
        "studio.logs.imports.col.status",
        "studio.logs.imports.col.started",
        "studio.logs.imports.col.finished",
        "csv.column.countRead",
        "csv.column.countInserted",
        "csv.column.countUpdated",
        "csv.column.countCancelled",
        "csv.column.countUnmatched",
        "csv.column.countRejected",
        "studio.logs.imports.col.error",
      ],
      rows.map((r) => [
        r.id,
        r.sourceName,
        r.sourceFormat,
        r.status,
        r.startedAt,
        r.finishedAt,
        r.counts.read,
        r.counts.inserted,
        r.counts.updated,
        r.counts.cancelled,
        r.counts.unmatched,
        r.counts.rejected,
        r.errorSummary,
      ]),
      services.now(),
      interfaceText(request, services),
    );
  }
  const { input } = await readAuditQuery(url, tab, services, session);
  const rows = await allRows((page, pageSize) =>
    listAuditLogs(services, session.actor, { ...input, page, pageSize }),
  );
  return csvResponse(
    tab === "auth" ? "auth-events" : "audit-log",
    [
      "csv.column.id",
      "studio.logs.col.at",
      "studio.logs.col.action",
      "csv.column.entityType",
      "csv.column.entityId",
      "studio.logs.col.actor",
      "csv.column.actorEmail",
      "csv.column.impersonating",
      "csv.column.clientId",
      "studio.logs.col.client",
      "studio.logs.col.ip",
      "studio.logs.col.requestId",
      "csv.column.valuesBefore",
      "csv.column.valuesAfter",
    ],
    rows.map((r) => [
      r.id,
      r.at,
      r.action,
      r.entityType,
      r.entityId,
      r.actorName,
      r.actorEmail,
      r.impersonating,
      r.clientId,
      r.clientName,
      r.ip,
      r.requestId,
      json(r.before),
      json(r.after),
    ]),
    services.now(),
    interfaceText(request, services),
  );
}
