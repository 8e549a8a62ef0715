import { Ban, CircleCheck, Plus, Undo2 } from "lucide-react";
import { useState } from "react";
import { useIntl } from "react-intl";
import { useSearchParams } from "react-router";
import { useFormatMoney } from "../../../components/studio/credit-forms.tsx";
import { PurchaseStepForm, RecordPurchaseForm } from "../../../components/studio/credit-purchase-forms.tsx";
import { LocalTime } from "../../../components/shell/local-time.tsx";
import { Badge, type BadgeTone } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { DataTable, type DataTableColumn } from "../../../components/ui/data-table.tsx";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { DropdownMenuItem, RowActions } from "../../../components/ui/dropdown-menu.tsx";
import { PageHeader } from "../../../components/ui/page-header.tsx";
import { useT } from "../../../lib/i18n.tsx";
import { titleFrom } from "../../../lib/page-title.ts";
import { PURCHASE_STATUSES, type PurchaseStatus } from "../../../../core/credits/credit-schemas.ts";
import type { Route } from "./+types/credit-purchases.ts";
import { wantsCsv } from "../../../lib/csv.server.ts";
import { creditPurchasesAction, creditPurchasesCsv, loadCreditPurchases } from "./credit-purchases.server.ts";
import { CREDIT_PURCHASES_PATH } from "./credits-paths.ts";
import { exportHref } from "./list-helpers.ts";

export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => (wantsCsv(request) ? creditPurchasesCsv(request, context) : next()),
];

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: titleFrom(matches, "studio.credits.purchases.title", "Credit purchases") }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadCreditPurchases(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return creditPurchasesAction(request, context);
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];
type Step = "record" | "confirm" | "refund" | "cancel";

const STATUS_TONES: Record<PurchaseStatus, BadgeTone> = {
  requested: "info",
  paid: "primary",
  cancelled: "neutral",
  refunded: "warning",
};

export default function CreditPurchases({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const intl = useIntl();
  const money = useFormatMoney();
  const [params] = useSearchParams();
  const [step, setStep] = useState<{ step: Step; row: Row | null; attempt: number } | null>(null);
  const [attempts, setAttempts] = useState(0);
  const open = (next: Step, row: Row | null) => {
    setAttempts((n) => n + 1);
    setStep({ step: next, row, attempt: attempts + 1 });
  };
  const close = () => setStep(null);
  const number = (n: number) => intl.formatNumber(n);

  const record = (
    <Button onClick={() => open("record", null)}>
      <Plus aria-hidden="true" />
      {t("studio.credits.purchases.new")}
    </Button>
  );

  const columns: DataTableColumn<Row>[] = [
    {
      key: "createdAt",
      header: t("studio.credits.purchases.col.created"),
      sortable: true,
      className: "whitespace-nowrap",
      cell: (row) => <LocalTime iso={row.createdAt} />,
    },
    {
      key: "client",
      header: t("studio.credits.purchases.col.client"),
      sortable: true,
      cell: (row) => <span className="font-medium">{row.clientName}</span>,
    },
    {
      key: "offer",
      header: t("studio.credits.purchases.col.offer"),
      cell: (row) => row.offerName ?? t("studio.credits.purchases.customOffer"),
    },
    {
      key: "credits",
      header: t("studio.credits.purchases.col.credits"),
      sortable: true,
      align: "end",
      className: "tabular-nums",
      cell: (row) => number(row.credits),
    },
    {
      key: "amount",
      header: t("studio.credits.purchases.col.amount"),
      sortable: true,
      align: "end",
      className: "tabular-nums whitespace-nowrap",
      cell: (row) => money(row.amount, row.currency),
    },
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
    {
      key: "actions",
      header: <span className="sr-only">{t("studio.credits.col.actions")}</span>,
      align: "end",
      cell: (row) =>
        row.status === "requested" || row.status === "paid" ? (
          <RowActions
            label={t("studio.credits.purchases.rowLabel", {
              client: row.clientName,
              credits: number(row.credits),
            })}
          >
            {row.status === "requested" ? (
              <>
                <DropdownMenuItem onSelect={() => open("confirm", row)}>
                  <CircleCheck aria-hidden="true" />
                  {t("studio.credits.purchases.action.confirm")}
                </DropdownMenuItem>
                <DropdownMenuItem tone="danger" onSelect={() => open("cancel", row)}>
                  <Ban aria-hidden="true" />
                  {t("studio.credits.purchases.action.cancel")}
                </DropdownMenuItem>
              </>
            ) : (
              <DropdownMenuItem tone="danger" onSelect={() => open("refund", row)}>
                <Undo2 aria-hidden="true" className="rtl:-scale-x-100" />
                {t("studio.credits.purchases.action.refund")}
              </DropdownMenuItem>
            )}
          </RowActions>
        ) : null,
    },
  ];

  const cancelButton = (
    <DialogClose asChild>
      <Button variant="outline">{t("studio.credits.form.cancel")}</Button>
    </DialogClose>
  );
  const current = step?.row ?? null;
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

  return (
    <div>
      <PageHeader
        title={t("studio.credits.purchases.title")}
        description={t("studio.credits.purchases.description")}
        actions={record}
      />
      <DataTable
        columns={columns}
        rows={loaderData.rows}
        rowKey={(row) => row.id}
        total={loaderData.total}
        page={loaderData.page}
        pageSize={loaderData.pageSize}
        sort={loaderData.sort}
        caption={t("studio.credits.purchases.caption")}
        searchPlaceholder={t("studio.credits.purchases.searchPlaceholder")}
        filters={[
          {
            name: "status",
            label: t("studio.credits.purchases.filter.status"),
            options: PURCHASE_STATUSES.map((status) => ({
              value: status,
              label: t(`studio.credits.purchases.status.${status}`),
            })),
          },
          { name: "clientId", label: t("studio.credits.filter.client"), options: loaderData.clients },
        ]}
        emptyTitle={t("studio.credits.purchases.empty")}
        emptyHint={t("studio.credits.purchases.emptyHint")}
        emptyAction={record}
        exportHref={exportHref(params)}
      />

      <Dialog open={step !== null && step.step !== "cancel"} onOpenChange={(next) => (next ? null : close())}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>
              {step?.step === "confirm"
                ? t("studio.credits.purchases.form.confirmTitle")
                : step?.step === "refund"
                  ? t("studio.credits.purchases.form.refundTitle")
                  : t("studio.credits.purchases.form.recordTitle")}
            </DialogTitle>
            <DialogDescription>
              {step?.step === "confirm"
                ? t("studio.credits.purchases.form.confirmDescription")
                : step?.step === "refund"
                  ? t("studio.credits.purchases.form.refundDescription")
                  : t("studio.credits.purchases.form.recordDescription")}
            </DialogDescription>
          </DialogHeader>
          {step?.step === "record" ? (
            <RecordPurchaseForm
              action={CREDIT_PURCHASES_PATH}
              fetcherKey={`record-${step.attempt}`}
              clients={loaderData.clients}
              offers={loaderData.offers}
              onSaved={close}
              secondary={cancelButton}
            />
          ) : null}
          {(step?.step === "confirm" || step?.step === "refund") && current ? (
            <PurchaseStepForm
              action={CREDIT_PURCHASES_PATH}
              fetcherKey={`${step.step}-${step.attempt}`}
              step={step.step}
              purchaseId={current.id}
              effect={effect(step.step, current)}
              onSaved={close}
              secondary={cancelButton}
            />
          ) : null}
        </DialogContent>
      </Dialog>

      <ConfirmDialog
        open={step?.step === "cancel"}
        onOpenChange={(next) => {
          if (!next) close();
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
    </div>
  );
}
