import { useIntl } from "react-intl";
import { useSearchParams } from "react-router";
import { CostForm, useFormatDelta } from "../../../components/studio/credit-forms.tsx";
import { LocalTime } from "../../../components/shell/local-time.tsx";
import { Badge, type BadgeTone } from "../../../components/ui/badge.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { DataTable, type DataTableColumn } from "../../../components/ui/data-table.tsx";
import { PageHeader } from "../../../components/ui/page-header.tsx";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from "../../../components/ui/table.tsx";
import { useT } from "../../../lib/i18n.tsx";
import { titleFrom } from "../../../lib/page-title.ts";
import { LEDGER_KIND_VALUES } from "../../../../core/credits/credit-schemas.ts";
import type { Route } from "./+types/credit-usage.ts";
import { wantsCsv } from "../../../lib/csv.server.ts";
import { creditLedgerCsv, creditUsageAction, loadCreditUsage } from "./credit-usage.server.ts";
import { CREDIT_USAGE_PATH, LEDGER_PERIODS } from "./credits-paths.ts";
import { exportHref } from "./list-helpers.ts";

export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => (wantsCsv(request) ? creditLedgerCsv(request, context) : next()),
];

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: titleFrom(matches, "studio.credits.usage.title", "Credit usage") }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadCreditUsage(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return creditUsageAction(request, context);
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];

const KIND_TONES: Record<(typeof LEDGER_KIND_VALUES)[number], BadgeTone> = {
  purchase: "primary",
  usage: "neutral",
  adjustment: "info",
  refund: "warning",
};

export default function CreditUsage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const intl = useIntl();
  const delta = useFormatDelta();
  const [params] = useSearchParams();

  const columns: DataTableColumn<Row>[] = [
    {
      key: "createdAt",
      header: t("studio.credits.ledger.col.at"),
      sortable: true,
      className: "whitespace-nowrap",
      cell: (row) => <LocalTime iso={row.createdAt} />,
    },
    {
      key: "client",
      header: t("studio.credits.ledger.col.client"),
      sortable: true,
      cell: (row) => <span className="font-medium">{row.clientName}</span>,
    },
    {
      key: "kind",
      header: t("studio.credits.ledger.col.kind"),
      cell: (row) => <Badge tone={KIND_TONES[row.kind]}>{t(`studio.credits.kind.${row.kind}`)}</Badge>,
    },
    {
      key: "delta",
      header: t("studio.credits.ledger.col.delta"),
      sortable: true,
      align: "end",
      className: "tabular-nums whitespace-nowrap",
      cell: (row) => delta(row.delta),
    },
    {
      key: "reference",
      header: t("studio.credits.ledger.col.reference"),
      hideable: true,
      className: "max-w-56 truncate",
      cell: (row) =>
        row.reference ? (
          <code className="text-xs text-slate-700 dark:text-slate-300">{row.reference}</code>
        ) : (
          "—"
        ),
    },
    {
      key: "reason",
      header: t("studio.credits.ledger.col.reason"),
      hideable: true,
      className: "max-w-64",
      cell: (row) => row.reason ?? "—",
    },
    {
      key: "actor",
      header: t("studio.credits.ledger.col.actor"),
      hideable: true,
      cell: (row) => row.actorName ?? t("studio.credits.ledger.system"),
    },
  ];

  return (
    <div className="space-y-8">
      <PageHeader
        title={t("studio.credits.usage.title")}
        description={t("studio.credits.usage.description")}
      />

      <Card>
        <CardHeader>
          <CardTitle>{t("studio.credits.usage.costsTitle")}</CardTitle>
          <CardDescription>{t("studio.credits.usage.costsDescription")}</CardDescription>
        </CardHeader>
        <CardContent>
          <Table caption={t("studio.credits.usage.costsCaption")} captionHidden>
            <TableHead>
              <TableRow>
                <TableHeaderCell>{t("studio.credits.usage.col.operation")}</TableHeaderCell>
                <TableHeaderCell align="end">{t("studio.credits.usage.col.default")}</TableHeaderCell>
                <TableHeaderCell align="end">{t("studio.credits.usage.col.cost")}</TableHeaderCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {loaderData.costs.map((cost) => (
                <TableRow key={cost.operation}>
                  <TableCell>
                    <code className="text-sm">{cost.operation}</code>
                    {cost.credits === 0 ? (
                      <Badge tone="primary" className="ms-2">
                        {t("studio.credits.usage.free")}
                      </Badge>
                    ) : null}
                  </TableCell>
                  <TableCell align="end" numeric>
                    {intl.formatNumber(cost.defaultCost)}
                  </TableCell>
                  <TableCell align="end">
                    <CostForm action={CREDIT_USAGE_PATH} operation={cost.operation} credits={cost.credits} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </CardContent>
      </Card>

      <section aria-labelledby="ledger-heading" className="space-y-3">
        <div>
          <h2 id="ledger-heading" className="text-lg font-semibold">
            {t("studio.credits.ledger.title")}
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {t("studio.credits.ledger.description")}
          </p>
        </div>
        <p className="text-sm text-slate-700 dark:text-slate-300" role="status">
          {t("studio.credits.ledger.sum", { count: loaderData.total, sum: delta(loaderData.sum) })}
        </p>
        <DataTable
          columns={columns}
          rows={loaderData.rows}
          rowKey={(row) => row.id}
          total={loaderData.total}
          page={loaderData.page}
          pageSize={loaderData.pageSize}
          sort={loaderData.sort}
          caption={t("studio.credits.ledger.caption")}
          searchPlaceholder={t("studio.credits.ledger.searchPlaceholder")}
          filters={[
            {
              name: "clientId",
              label: t("studio.credits.filter.client"),
              options: loaderData.clients,
            },
            {
              name: "kind",
              label: t("studio.credits.filter.kind"),
              options: LEDGER_KIND_VALUES.map((kind) => ({
                value: kind,
                label: t(`studio.credits.kind.${kind}`),
              })),
            },
            {
              name: "period",
              label: t("studio.credits.filter.period"),
              allLabel: t("studio.credits.period.all"),
              options: LEDGER_PERIODS.map((period) => ({
                value: period,
                label: t(`studio.credits.period.${period}`),
              })),
            },
          ]}
          emptyTitle={t("studio.credits.ledger.empty")}
          emptyHint={t("studio.credits.ledger.emptyHint")}
          exportHref={exportHref(params)}
        />
      </section>
    </div>
  );
}
