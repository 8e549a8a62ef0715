import { Ban, CircleCheck, Undo2 } from "lucide-react";
import { useIntl } from "react-intl";
import { useFormatMoney } from "../../../components/studio/credit-forms.tsx";
import { PurchaseStepForm, RecordPurchaseForm } from "../../../components/studio/credit-purchase-forms.tsx";
import * as List from "../../../components/studio/list-page.tsx";
import { Badge, type BadgeTone } from "../../../components/ui/badge.tsx";
import { DropdownMenuItem } from "../../../components/ui/dropdown-menu.tsx";
import { useT } from "../../../lib/i18n.tsx";
import { csvMiddleware } from "../../../lib/list-route.server.ts";
import { titleFrom } from "../../../lib/page-title.ts";
import { PURCHASE_STATUSES, type PurchaseStatus } from "../../../../core/credits/credit-schemas.ts";
import { NewButton, choiceFilter, nameColumn, numberColumn, timeColumn } from "../table-kinds.tsx";
import type { Route } from "./+types/credit-purchases.ts";
import { creditPurchasesAction, creditPurchasesCsv, loadCreditPurchases } from "./credit-purchases.server.ts";
import { CREDIT_PURCHASES_PATH } from "./credits-paths.ts";

export const middleware: Route.MiddlewareFunction[] = csvMiddleware(creditPurchasesCsv);
export const meta: Route.MetaFunction = ({ matches }) => [
  { title: titleFrom(matches, "studio.credits.purchases.title", "Credit purchases") },
];
export const loader = ({ request, context }: Route.LoaderArgs) => loadCreditPurchases(request, context);
export const action = ({ request, context }: Route.ActionArgs) => creditPurchasesAction(request, context);

type Data = Route.ComponentProps["loaderData"];
type Row = Data["rows"][number];
type Step = "record" | "confirm" | "refund" | "cancel";
/** The open dialog: recording a purchase (no row), or a step on one. */
type Stepping = { step: Step; row: Row | null };

const STATUS_TONES: Record<PurchaseStatus, BadgeTone> = {
  requested: "info",
  paid: "primary",
  cancelled: "neutral",
  refunded: "warning",
};

function usePurchaseColumns(): List.DataTableColumn<Row>[] {
  const t = useT();
  const intl = useIntl();
  const money = useFormatMoney();
  return [
    timeColumn("createdAt", t("studio.credits.purchases.col.created"), (row) => row.createdAt, {
      sortable: true,
    }),
    nameColumn("client", t("studio.credits.purchases.col.client"), (row) => row.clientName, {
      sortable: true,
    }),
    {
      key: "offer",
      header: t("studio.credits.purchases.col.offer"),
      cell: (row) => row.offerName ?? t("studio.credits.purchases.customOffer"),
    },
    numberColumn(
      "credits",
      t("studio.credits.purchases.col.credits"),
      (row) => intl.formatNumber(row.credits),
      {
        sortable: true,
      },
    ),
    numberColumn(
      "amount",
      t("studio.credits.purchases.col.amount"),
      (row) => money(row.amount, row.currency),
      {
        sortable: true,
        nowrap: true,
      },
    ),
    {
      key: "status",
      header: t("studio.credits.purchases.col.status"),
      sortable: true,
      cell: (row) => (
        <Badge tone={STATUS_TONES[row.status]}>{t(`studio.credits.purchases.status.${row.status}`)}</Badge>
      ),
    },
    {
      key: "invoiceRef",
      header: t("studio.credits.purchases.col.invoiceRef"),
      hideable: true,
      cell: (row) => row.invoiceRef ?? "—",
    },
    {
      key: "people",
      header: t("studio.credits.purchases.col.people"),
      hideable: true,
      className: "text-sm",
      cell: (row) => (
        <div>
          {row.requestedByName ? (
            <div>{t("studio.credits.purchases.requestedBy", { name: row.requestedByName })}</div>
          ) : null}
          {row.recordedByName ? (
            <div>{t("studio.credits.purchases.recordedBy", { name: row.recordedByName })}</div>
          ) : null}
        </div>
      ),
    },
  ];
}

/** A requested purchase is confirmed or cancelled, a paid one refunded; the others have no actions. */
function PurchaseActions({ row, open }: { row: Row; open: (step: Step, row: Row) => void }) {
  const t = useT();
  const intl = useIntl();
  if (row.status !== "requested" && row.status !== "paid") return null;
  return (
    <List.RowActions
      label={t("studio.credits.purchases.rowLabel", {
        client: row.clientName,
        credits: intl.formatNumber(row.credits),
      })}
    >
      {row.status === "requested" ? (
        <>
          <List.RowAction icon={CircleCheck} onSelect={() => open("confirm", row)}>
            {t("studio.credits.purchases.action.confirm")}
          </List.RowAction>
          <List.RowAction icon={Ban} tone="danger" onSelect={() => open("cancel", row)}>
            {t("studio.credits.purchases.action.cancel")}
          </List.RowAction>
        </>
      ) : (
        <DropdownMenuItem tone="danger" onSelect={() => open("refund", row)}>
          <Undo2 aria-hidden="true" className="rtl:-scale-x-100" />
          {t("studio.credits.purchases.action.refund")}
        </DropdownMenuItem>
      )}
    </List.RowActions>
  );
}

export default function CreditPurchases({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const stepping = List.useEditDialog<Stepping>(List.useAttempts());
  const open = (step: Step, row: Row | null) => stepping.open({ step, row });
  const record = (
    <NewButton onClick={() => open("record", null)}>{t("studio.credits.purchases.new")}</NewButton>
  );
  const columns = [
    ...usePurchaseColumns(),
    List.actionsColumn<Row>(t("studio.credits.col.actions"), (row) => (
      <PurchaseActions row={row} open={open} />
    )),
  ];

  return (
    <List.ListPage
      title={t("studio.credits.purchases.title")}
      description={t("studio.credits.purchases.description")}
      actions={record}
    >
      <List.ListTable
        data={loaderData}
        columns={columns}
        caption={t("studio.credits.purchases.caption")}
        searchPlaceholder={t("studio.credits.purchases.searchPlaceholder")}
        filters={[
          choiceFilter("status", t("studio.credits.purchases.filter.status"), PURCHASE_STATUSES, (status) =>
            t(`studio.credits.purchases.status.${status}`),
          ),
          { name: "clientId", label: t("studio.credits.filter.client"), options: loaderData.clients },
        ]}
        emptyTitle={t("studio.credits.purchases.empty")}
        emptyHint={t("studio.credits.purchases.emptyHint")}
        emptyAction={record}
        csv
      />
      <PurchaseDialogs data={loaderData} stepping={stepping} />
    </List.ListPage>
  );
}

/** The dialogs of the steps: record (a form), confirm and refund (with their effect), cancel (a confirmation). */
function PurchaseDialogs({ data, stepping }: { data: Data; stepping: List.EditDialogState<Stepping> }) {
  const t = useT();
  const intl = useIntl();
  const number = (n: number) => intl.formatNumber(n);
  const step = stepping.editing?.values.step;
  const current = stepping.editing?.values.row ?? null;
  const attempt = stepping.editing?.attempt;
  const cancelButton = <List.CancelButton>{t("studio.credits.form.cancel")}</List.CancelButton>;
  const effect = (kind: "confirm" | "refund", row: Row) =>
    t(
      kind === "confirm"
        ? "studio.credits.purchases.effect.confirm"
        : "studio.credits.purchases.effect.refund",
      {
        credits: number(row.credits),
        client: row.clientName,
        balance: number(row.clientBalance),
        after: number(row.clientBalance + (kind === "confirm" ? row.credits : -row.credits)),
      },
    );
  const form = step === "confirm" ? "confirm" : step === "refund" ? "refund" : "record";

  return (
    <>
      <List.FormDialog
        open={step !== undefined && step !== "cancel"}
        onClose={stepping.close}
        title={t(`studio.credits.purchases.form.${form}Title`)}
        description={t(`studio.credits.purchases.form.${form}Description`)}
      >
        {step === "record" ? (
          <RecordPurchaseForm
            action={CREDIT_PURCHASES_PATH}
            fetcherKey={`record-${attempt}`}
            clients={data.clients}
            offers={data.offers}
            onSaved={stepping.close}
            secondary={cancelButton}
          />
        ) : null}
        {(step === "confirm" || step === "refund") && current ? (
          <PurchaseStepForm
            action={CREDIT_PURCHASES_PATH}
            fetcherKey={`${step}-${attempt}`}
            step={step}
            purchaseId={current.id}
            effect={effect(step, current)}
            onSaved={stepping.close}
            secondary={cancelButton}
          />
        ) : null}
      </List.FormDialog>
      <List.ConfirmDialog
        open={step === "cancel"}
        onOpenChange={(isOpen) => {
          if (!isOpen) stepping.close();
        }}
        title={t("studio.credits.purchases.cancel.title")}
        description={t("studio.credits.purchases.cancel.description", {
          client: current?.clientName ?? "",
          credits: number(current?.credits ?? 0),
        })}
        confirmLabel={t("studio.credits.purchases.action.cancel")}
        action={CREDIT_PURCHASES_PATH}
        fields={{ intent: "cancel", purchaseId: current?.id ?? "" }}
      />
    </>
  );
}
