// The tools page's database section: the migrations and every table's size.
import { useIntl } from "react-intl";
import { LocalTime } from "../../../components/shell/local-time.tsx";
import { Badge, type BadgeTone } from "../../../components/ui/badge.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { useT, type MessageKey } from "../../../lib/i18n.tsx";
import type { MigrationState } from "../../../../core/tools/read-migration-status.ts";
import type { Route } from "./+types/tools.ts";
import { ListTable, Time, type Column } from "./tools-list-table.tsx";

type Data = Route.ComponentProps["loaderData"];
type TableRow = Data["tables"][number];

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

/** Every table's rows, sizes (all, table, indexes), dead rows and last analysis. */
function useTableColumns(): Column<TableRow>[] {
  const t = useT();
  const { locale } = useIntl();
  return [
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
}

/** Each migration with its state (applied, pending, changed since applied) and date. */
function MigrationsCard({ migrations }: { migrations: Data["migrations"] }) {
  const t = useT();
  return (
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
              <Badge tone={MIGRATION_TONES[migration.state]}>{t(MIGRATION_LABELS[migration.state])}</Badge>
              <span className="text-slate-600 dark:text-slate-400">
                <LocalTime iso={migration.createdAt} />
              </span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

export function DatabaseSection({ migrations, tables }: Pick<Data, "migrations" | "tables">) {
  const t = useT();
  const tableColumns = useTableColumns();
  return (
    <section aria-labelledby="tools-database" className="grid gap-6">
      <h2 id="tools-database" className="text-lg font-semibold">
        {t("studio.tools.section.database")}
      </h2>
      <MigrationsCard migrations={migrations} />
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
  );
}
