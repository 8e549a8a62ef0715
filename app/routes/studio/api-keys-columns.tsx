// The API keys table's columns and filters.
import { RefreshCw, Trash2 } from "lucide-react";
import { API_KEY_KINDS } from "../../../core/api-keys/api-key-schemas.ts";
import { API_KEY_STATUSES } from "../../../core/api-keys/list-api-keys.ts";
import { useCountryName } from "../../components/studio/api-key-create-form.tsx";
import { LocalTime } from "../../components/shell/local-time.tsx";
import { Badge, type BadgeTone } from "../../components/ui/badge.tsx";
import type { DataTableColumn, DataTableFilter } from "../../components/ui/data-table.tsx";
import { DropdownMenuItem, RowActions } from "../../components/ui/dropdown-menu.tsx";
import { useT } from "../../lib/i18n.tsx";
import type { Route } from "./+types/api-keys.ts";

export type ApiKeysData = Extract<Route.ComponentProps["loaderData"], { kind: "client" }>;
export type ApiKeyRow = ApiKeysData["rows"][number];

const STATUS_TONE: Record<ApiKeyRow["status"], BadgeTone> = {
  active: "primary",
  expiring: "warning",
  expired: "neutral",
  revoked: "danger",
};

function KeyName({ row }: { row: ApiKeyRow }) {
  const t = useT();
  return (
    <div className="flex flex-col">
      <span className="font-medium [overflow-wrap:anywhere] text-slate-900 dark:text-white">{row.name}</span>
      {row.replacedByPrefix ? (
        <span className="text-xs text-slate-600 dark:text-slate-400">
          {t("studio.apiKeys.replacedBy", { prefix: row.replacedByPrefix })}
        </span>
      ) : null}
    </div>
  );
}

/** A live key's menu: rotate (an active key only) and revoke. */
function KeyActions({
  row,
  onRotate,
  onRevoke,
}: {
  row: ApiKeyRow;
  onRotate: (row: ApiKeyRow) => void;
  onRevoke: (row: ApiKeyRow) => void;
}) {
  const t = useT();
  if (row.status !== "active" && row.status !== "expiring") return null;
  return (
    <RowActions label={row.name}>
      {row.status === "active" ? (
        <DropdownMenuItem onSelect={() => onRotate(row)}>
          <RefreshCw aria-hidden="true" />
          {t("studio.apiKeys.action.rotate")}
        </DropdownMenuItem>
      ) : null}
      <DropdownMenuItem tone="danger" onSelect={() => onRevoke(row)}>
        <Trash2 aria-hidden="true" />
        {t("studio.apiKeys.action.revoke")}
      </DropdownMenuItem>
    </RowActions>
  );
}

/** The columns; with `actions` (a writer), the row menu last. */
export function useApiKeyColumns(
  actions: {
    onRotate: (row: ApiKeyRow) => void;
    onRevoke: (row: ApiKeyRow) => void;
  } | null,
): DataTableColumn<ApiKeyRow>[] {
  const t = useT();
  const countryName = useCountryName();
  // Dates wrap in their cell (date, then time and zone) so the table fits a laptop's width: at 1280 px
  // three unwrapped dates pushed the row menu out of sight.
  const date = (iso: string | null, fallback: string) =>
    iso ? <LocalTime iso={iso} /> : <span className="text-slate-600 dark:text-slate-400">{fallback}</span>;
  const columns: DataTableColumn<ApiKeyRow>[] = [
    {
      key: "name",
      header: t("studio.apiKeys.col.name"),
      sortable: true,
      cell: (row) => <KeyName row={row} />,
    },
    {
      key: "kind",
      header: t("studio.apiKeys.col.kind"),
      sortable: true,
      cell: (row) => (
        <Badge tone={row.kind === "secret" ? "info" : "neutral"}>
          {t(`studio.apiKeys.kind.${row.kind}`)}
        </Badge>
      ),
    },
    {
      // The key's start, its countries and its rate limit in one cell: as three columns they pushed the
      // row menu past a laptop's width.
      key: "prefix",
      header: t("studio.apiKeys.col.prefix"),
      cell: (row) => (
        <span className="grid gap-0.5">
          <code className="text-xs whitespace-nowrap text-slate-700 dark:text-slate-300">{row.prefix}…</code>
          <span className="text-xs text-slate-600 dark:text-slate-400">
            {row.countries.length === 0 ? (
              t("studio.apiKeys.allCountries")
            ) : (
              <span title={row.countries.map(countryName).join(", ")}>{row.countries.join(", ")}</span>
            )}
            {" · "}
            <span className="whitespace-nowrap tabular-nums">
              {t("studio.apiKeys.perMinute", { count: row.rateLimitPerMinute })}
            </span>
          </span>
        </span>
      ),
    },
    {
      key: "createdAt",
      header: t("studio.apiKeys.col.created"),
      sortable: true,
      hideable: true,
      className: "min-w-24",
      cell: (row) => date(row.createdAt, ""),
    },
    {
      key: "expiresAt",
      header: t("studio.apiKeys.col.expires"),
      sortable: true,
      className: "min-w-24",
      cell: (row) => date(row.expiresAt, t("studio.apiKeys.never")),
    },
    {
      key: "lastUsedAt",
      header: t("studio.apiKeys.col.lastUsed"),
      sortable: true,
      className: "min-w-24",
      cell: (row) => date(row.lastUsedAt, t("studio.apiKeys.notUsed")),
    },
    {
      key: "status",
      header: t("studio.apiKeys.col.status"),
      sortable: true,
      cell: (row) => <Badge tone={STATUS_TONE[row.status]}>{t(`studio.apiKeys.status.${row.status}`)}</Badge>,
    },
  ];
  if (actions) {
    columns.push({
      key: "actions",
      header: <span className="sr-only">{t("studio.apiKeys.col.actions")}</span>,
      align: "end",
      cell: (row) => <KeyActions row={row} {...actions} />,
    });
  }
  return columns;
}

/** The table's filters: status and kind. */
export function useApiKeyFilters(): DataTableFilter[] {
  const t = useT();
  return [
    {
      name: "status",
      label: t("studio.apiKeys.filter.status"),
      options: API_KEY_STATUSES.map((status) => ({
        value: status,
        label: t(`studio.apiKeys.status.${status}`),
      })),
    },
    {
      name: "kind",
      label: t("studio.apiKeys.filter.kind"),
      options: API_KEY_KINDS.map((kind) => ({ value: kind, label: t(`studio.apiKeys.kind.${kind}`) })),
    },
  ];
}
