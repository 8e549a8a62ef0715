import { useIntl } from "react-intl";
import { CostForm, useFormatDelta } from "../../../components/studio/credit-forms.tsx";
import * as List from "../../../components/studio/list-page.tsx";
import { Badge, type BadgeTone } from "../../../components/ui/badge.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
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
import { csvMiddleware } from "../../../lib/list-route.server.ts";
import { titleFrom } from "../../../lib/page-title.ts";
import { LEDGER_KIND_VALUES } from "../../../../core/credits/credit-schemas.ts";
import { choiceFilter, nameColumn, numberColumn, timeColumn } from "../table-kinds.tsx";
import type { Route } from "./+types/credit-usage.ts";
import { creditLedgerCsv, creditUsageAction, loadCreditUsage } from "./credit-usage.server.ts";
import { CREDIT_USAGE_PATH, LEDGER_PERIODS } from "./credits-paths.ts";

export const middleware: Route.MiddlewareFunction[] = csvMiddleware(creditLedgerCsv);
export const meta: Route.MetaFunction = ({ matches }) => [
  { title: titleFrom(matches, "studio.credits.usage.title", "Credit usage") },
];
export const loader = ({ request, context }: Route.LoaderArgs) => loadCreditUsage(request, context);
export const action = ({ request, context }: Route.ActionArgs) => creditUsageAction(request, context);

type Data = Route.ComponentProps["loaderData"];
type Row = Data["rows"][number];

const KIND_TONES: Record<(typeof LEDGER_KIND_VALUES)[number], BadgeTone> = {
  purchase: "primary",
  usage: "neutral",
  adjustment: "info",
  refund: "warning",
};

function useLedgerColumns(): List.DataTableColumn<Row>[] {
  const t = useT();
  const delta = useFormatDelta();
  return [
    timeColumn("createdAt", t("studio.credits.ledger.col.at"), (row) => row.createdAt, { sortable: true }),
    nameColumn("client", t("studio.credits.ledger.col.client"), (row) => row.clientName, { sortable: true }),
    {
      key: "kind",
      header: t("studio.credits.ledger.col.kind"),
      cell: (row) => <Badge tone={KIND_TONES[row.kind]}>{t(`studio.credits.kind.${row.kind}`)}</Badge>,
    },
    numberColumn("delta", t("studio.credits.ledger.col.delta"), (row) => delta(row.delta), {
      sortable: true,
      nowrap: true,
    }),
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
}

export default function CreditUsage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <div className="space-y-8">
      <PageHeader
        title={t("studio.credits.usage.title")}
        description={t("studio.credits.usage.description")}
      />
      <CostsCard costs={loaderData.costs} />
      <LedgerSection data={loaderData} />
    </div>
  );
}

/** The cost of each metered operation, each with its own small form. */
function CostsCard({ costs }: { costs: Data["costs"] }) {
  const t = useT();
  const intl = useIntl();
  return (
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
            {costs.map((cost) => (
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
  );
}

/** The platform ledger: every credit movement, with the sum of what the filters match. */
function LedgerSection({ data }: { data: Data }) {
  const t = useT();
  const delta = useFormatDelta();
  const columns = useLedgerColumns();
  return (
    <section aria-labelledby="ledger-heading" className="space-y-3">
      <div>
        <h2 id="ledger-heading" className="text-lg font-semibold">
          {t("studio.credits.ledger.title")}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t("studio.credits.ledger.description")}</p>
      </div>
      <p className="text-sm text-slate-700 dark:text-slate-300" role="status">
        {t("studio.credits.ledger.sum", { count: data.total, sum: delta(data.sum) })}
      </p>
      <List.ListTable
        data={data}
        columns={columns}
        caption={t("studio.credits.ledger.caption")}
        searchPlaceholder={t("studio.credits.ledger.searchPlaceholder")}
        filters={[
          { name: "clientId", label: t("studio.credits.filter.client"), options: data.clients },
          choiceFilter("kind", t("studio.credits.filter.kind"), LEDGER_KIND_VALUES, (kind) =>
            t(`studio.credits.kind.${kind}`),
          ),
          {
            ...choiceFilter("period", t("studio.credits.filter.period"), LEDGER_PERIODS, (period) =>
              t(`studio.credits.period.${period}`),
            ),
            allLabel: t("studio.credits.period.all"),
          },
        ]}
        emptyTitle={t("studio.credits.ledger.empty")}
        emptyHint={t("studio.credits.ledger.emptyHint")}
        csv
      />
    </section>
  );
}
