// The changes and sign-ins tabs: the audit log's table, and a change's details in a dialog.
import { useState } from "react";
import { useSearchParams } from "react-router";
import { LocalTime } from "../../../components/shell/local-time.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { DataTable, type DataTableColumn } from "../../../components/ui/data-table.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { useT } from "../../../lib/i18n.tsx";
import { exportHref } from "../config/list-helpers.ts";
import type { Route } from "./+types/logs.ts";
import { DiffDialog, noActorLabel, type AuditRow } from "./logs-diff-dialog.tsx";
import { TAB_PARAM, type LogsTab } from "./logs-params.ts";

type Data = Route.ComponentProps["loaderData"];

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

export function AuditTable({
  tab,
  sort,
  audit,
}: {
  tab: LogsTab;
  sort: string;
  audit: NonNullable<Data["audit"]>;
}) {
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
export function withTab(href: string, tab: LogsTab): string {
  const params = new URLSearchParams(href.slice(1));
  if (tab !== "changes") params.set(TAB_PARAM, tab);
  return `?${params.toString()}`;
}
