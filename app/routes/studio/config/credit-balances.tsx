import { Gauge, ListTree, Scale } from "lucide-react";
import { useIntl } from "react-intl";
import { AdjustBalanceForm, ThresholdForm } from "../../../components/studio/credit-balance-forms.tsx";
import * as List from "../../../components/studio/list-page.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { DropdownMenuLinkItem } from "../../../components/ui/dropdown-menu.tsx";
import { useT } from "../../../lib/i18n.tsx";
import { csvMiddleware } from "../../../lib/list-route.server.ts";
import { titleFrom } from "../../../lib/page-title.ts";
import { choiceFilter, nameColumn, numberColumn } from "../table-kinds.tsx";
import type { Route } from "./+types/credit-balances.ts";
import { creditBalancesAction, creditBalancesCsv, loadCreditBalances } from "./credit-balances.server.ts";
import { CREDIT_BALANCES_PATH, CREDIT_USAGE_PATH } from "./credits-paths.ts";

export const middleware: Route.MiddlewareFunction[] = csvMiddleware(creditBalancesCsv);
export const meta: Route.MetaFunction = ({ matches }) => [
  { title: titleFrom(matches, "studio.credits.balances.title", "Credit balances") },
];
export const loader = ({ request, context }: Route.LoaderArgs) => loadCreditBalances(request, context);
export const action = ({ request, context }: Route.ActionArgs) => creditBalancesAction(request, context);

type Row = Route.ComponentProps["loaderData"]["rows"][number];
/** The open dialog: adjust a client's balance, or set its low-balance threshold. */
type Changing = { kind: "adjust" | "threshold"; row: Row };

function useBalanceColumns(): List.DataTableColumn<Row>[] {
  const t = useT();
  const intl = useIntl();
  return [
    nameColumn("name", t("studio.credits.balances.col.client"), (row) => row.name, { sortable: true }),
    numberColumn(
      "balance",
      t("studio.credits.balances.col.balance"),
      (row) => intl.formatNumber(row.balance),
      {
        sortable: true,
      },
    ),
    numberColumn(
      "threshold",
      t("studio.credits.balances.col.threshold"),
      (row) => intl.formatNumber(row.threshold),
      {
        sortable: true,
      },
    ),
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
  ];
}

export default function CreditBalances({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const dialog = List.useEditDialog<Changing>(List.useAttempts());
  const columns = [
    ...useBalanceColumns(),
    List.actionsColumn<Row>(t("studio.credits.col.actions"), (row) => (
      <List.RowActions label={row.name}>
        <List.RowAction icon={Scale} onSelect={() => dialog.open({ kind: "adjust", row })}>
          {t("studio.credits.balances.action.adjust")}
        </List.RowAction>
        <List.RowAction icon={Gauge} onSelect={() => dialog.open({ kind: "threshold", row })}>
          {t("studio.credits.balances.action.threshold")}
        </List.RowAction>
        <DropdownMenuLinkItem to={`${CREDIT_USAGE_PATH}?clientId=${row.clientId}`}>
          <ListTree aria-hidden="true" />
          {t("studio.credits.balances.action.ledger")}
        </DropdownMenuLinkItem>
      </List.RowActions>
    )),
  ];

  return (
    <List.ListPage
      title={t("studio.credits.balances.title")}
      description={t("studio.credits.balances.description")}
    >
      <List.ListTable
        data={loaderData}
        columns={columns}
        rowKey={(row) => row.clientId}
        caption={t("studio.credits.balances.caption")}
        searchPlaceholder={t("studio.credits.balances.searchPlaceholder")}
        filters={[
          choiceFilter("level", t("studio.credits.balances.filter.level"), ["low", "ok"], (level) =>
            t(`studio.credits.balances.level.${level}`),
          ),
        ]}
        emptyTitle={t("studio.credits.balances.empty")}
        emptyHint={t("studio.credits.balances.emptyHint")}
        csv
      />
      <BalanceDialog dialog={dialog} />
    </List.ListPage>
  );
}

/** Adjust the balance (with a reason) or set the threshold of one client. */
function BalanceDialog({ dialog }: { dialog: List.EditDialogState<Changing> }) {
  const t = useT();
  const threshold = dialog.editing?.values.kind === "threshold";
  const cancel = <List.CancelButton>{t("studio.credits.form.cancel")}</List.CancelButton>;
  return (
    <List.EditDialog
      dialog={dialog}
      title={t(
        threshold
          ? "studio.credits.balances.form.thresholdTitle"
          : "studio.credits.balances.form.adjustTitle",
        { name: dialog.editing?.values.row.name ?? "" },
      )}
      description={t(
        threshold
          ? "studio.credits.balances.form.thresholdDescription"
          : "studio.credits.balances.form.adjustDescription",
      )}
    >
      {({ values: { kind, row }, attempt }) =>
        kind === "adjust" ? (
          <AdjustBalanceForm
            action={CREDIT_BALANCES_PATH}
            fetcherKey={`adjust-${attempt}`}
            clientId={row.clientId}
            name={row.name}
            balance={row.balance}
            onSaved={dialog.close}
            secondary={cancel}
          />
        ) : (
          <ThresholdForm
            action={CREDIT_BALANCES_PATH}
            fetcherKey={`threshold-${attempt}`}
            clientId={row.clientId}
            name={row.name}
            threshold={row.threshold}
            onSaved={dialog.close}
            secondary={cancel}
          />
        )
      }
    </List.EditDialog>
  );
}
