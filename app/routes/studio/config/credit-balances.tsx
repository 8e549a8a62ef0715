import { Gauge, ListTree, Scale } from "lucide-react";
import { useState } from "react";
import { useIntl } from "react-intl";
import { useSearchParams } from "react-router";
import { AdjustBalanceForm, ThresholdForm } from "../../../components/studio/credit-balance-forms.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { DataTable, type DataTableColumn } from "../../../components/ui/data-table.tsx";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { DropdownMenuItem, DropdownMenuLinkItem, RowActions } from "../../../components/ui/dropdown-menu.tsx";
import { PageHeader } from "../../../components/ui/page-header.tsx";
import { useT } from "../../../lib/i18n.tsx";
import { titleFrom } from "../../../lib/page-title.ts";
import type { Route } from "./+types/credit-balances.ts";
import { wantsCsv } from "../../../lib/csv.server.ts";
import { creditBalancesAction, creditBalancesCsv, loadCreditBalances } from "./credit-balances.server.ts";
import { CREDIT_BALANCES_PATH, CREDIT_USAGE_PATH } from "./credits-paths.ts";
import { exportHref } from "./list-helpers.ts";

export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => (wantsCsv(request) ? creditBalancesCsv(request, context) : next()),
];

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: titleFrom(matches, "studio.credits.balances.title", "Credit balances") }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadCreditBalances(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return creditBalancesAction(request, context);
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];

export default function CreditBalances({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const intl = useIntl();
  const [params] = useSearchParams();
  const [dialog, setDialog] = useState<{ kind: "adjust" | "threshold"; row: Row; attempt: number } | null>(
    null,
  );
  const [attempts, setAttempts] = useState(0);
  const open = (kind: "adjust" | "threshold", row: Row) => {
    setAttempts((n) => n + 1);
    setDialog({ kind, row, attempt: attempts + 1 });
  };
  const close = () => setDialog(null);

  const columns: DataTableColumn<Row>[] = [
    {
      key: "name",
      header: t("studio.credits.balances.col.client"),
      sortable: true,
      cell: (row) => <span className="font-medium">{row.name}</span>,
    },
    {
      key: "balance",
      header: t("studio.credits.balances.col.balance"),
      sortable: true,
      align: "end",
      className: "tabular-nums",
      cell: (row) => intl.formatNumber(row.balance),
    },
    {
      key: "threshold",
      header: t("studio.credits.balances.col.threshold"),
      sortable: true,
      align: "end",
      className: "tabular-nums",
      cell: (row) => intl.formatNumber(row.threshold),
    },
    {
      key: "level",
      header: t("studio.credits.balances.col.level"),
      cell: (row) =>
        row.low ? (
          <Badge tone={row.balance <= 0 ? "danger" : "warning"}>
            {t(
              row.balance <= 0 ? "studio.credits.balances.level.empty" : "studio.credits.balances.level.low",
            )}
          </Badge>
        ) : (
          <Badge tone="primary">{t("studio.credits.balances.level.ok")}</Badge>
        ),
    },
    {
      key: "actions",
      header: <span className="sr-only">{t("studio.credits.col.actions")}</span>,
      align: "end",
      cell: (row) => (
        <RowActions label={row.name}>
          <DropdownMenuItem onSelect={() => open("adjust", row)}>
            <Scale aria-hidden="true" />
            {t("studio.credits.balances.action.adjust")}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => open("threshold", row)}>
            <Gauge aria-hidden="true" />
            {t("studio.credits.balances.action.threshold")}
          </DropdownMenuItem>
          <DropdownMenuLinkItem to={`${CREDIT_USAGE_PATH}?clientId=${row.clientId}`}>
            <ListTree aria-hidden="true" />
            {t("studio.credits.balances.action.ledger")}
          </DropdownMenuLinkItem>
        </RowActions>
      ),
    },
  ];

  const cancel = (
    <DialogClose asChild>
      <Button variant="outline">{t("studio.credits.form.cancel")}</Button>
    </DialogClose>
  );

  return (
    <div>
      <PageHeader
        title={t("studio.credits.balances.title")}
        description={t("studio.credits.balances.description")}
      />
      <DataTable
        columns={columns}
        rows={loaderData.rows}
        rowKey={(row) => row.clientId}
        total={loaderData.total}
        page={loaderData.page}
        pageSize={loaderData.pageSize}
        sort={loaderData.sort}
        caption={t("studio.credits.balances.caption")}
        searchPlaceholder={t("studio.credits.balances.searchPlaceholder")}
        filters={[
          {
            name: "level",
            label: t("studio.credits.balances.filter.level"),
            options: [
              { value: "low", label: t("studio.credits.balances.level.low") },
              { value: "ok", label: t("studio.credits.balances.level.ok") },
            ],
          },
        ]}
        emptyTitle={t("studio.credits.balances.empty")}
        emptyHint={t("studio.credits.balances.emptyHint")}
        exportHref={exportHref(params)}
      />

      <Dialog open={dialog !== null} onOpenChange={(next) => (next ? null : close())}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>
              {dialog?.kind === "threshold"
                ? t("studio.credits.balances.form.thresholdTitle", { name: dialog.row.name })
                : t("studio.credits.balances.form.adjustTitle", { name: dialog?.row.name ?? "" })}
            </DialogTitle>
            <DialogDescription>
              {t(
                dialog?.kind === "threshold"
                  ? "studio.credits.balances.form.thresholdDescription"
                  : "studio.credits.balances.form.adjustDescription",
              )}
            </DialogDescription>
          </DialogHeader>
          {dialog?.kind === "adjust" ? (
            <AdjustBalanceForm
              action={CREDIT_BALANCES_PATH}
              fetcherKey={`adjust-${dialog.attempt}`}
              clientId={dialog.row.clientId}
              name={dialog.row.name}
              balance={dialog.row.balance}
              onSaved={close}
              secondary={cancel}
            />
          ) : null}
          {dialog?.kind === "threshold" ? (
            <ThresholdForm
              action={CREDIT_BALANCES_PATH}
              fetcherKey={`threshold-${dialog.attempt}`}
              clientId={dialog.row.clientId}
              name={dialog.row.name}
              threshold={dialog.row.threshold}
              onSaved={close}
              secondary={cancel}
            />
          ) : null}
        </DialogContent>
      </Dialog>
    </div>
  );
}
