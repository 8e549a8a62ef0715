import { Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useIntl } from "react-intl";
import { useSearchParams } from "react-router";
import {
  EMPTY_OFFER,
  OfferForm,
  useFormatMoney,
  type OfferFormValues,
} from "../../../components/studio/credit-forms.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
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
import {
  DropdownMenuItem,
  DropdownMenuSeparator,
  RowActions,
} from "../../../components/ui/dropdown-menu.tsx";
import { PageHeader } from "../../../components/ui/page-header.tsx";
import { useT } from "../../../lib/i18n.tsx";
import { titleFrom } from "../../../lib/page-title.ts";
import { formatAmountInput } from "../../../../core/credits/credit-schemas.ts";
import type { Route } from "./+types/credit-offers.ts";
import { wantsCsv } from "../../../lib/csv.server.ts";
import { creditOffersAction, creditOffersCsv, loadCreditOffers } from "./credit-offers.server.ts";
import { CREDIT_OFFERS_PATH } from "./credits-paths.ts";
import { exportHref } from "./list-helpers.ts";

export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => (wantsCsv(request) ? creditOffersCsv(request, context) : next()),
];

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: titleFrom(matches, "studio.credits.offers.title", "Credit offers") }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadCreditOffers(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return creditOffersAction(request, context);
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];

const STATE_TONES = { active: "primary", scheduled: "info", ended: "neutral" } as const;

export default function CreditOffers({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const intl = useIntl();
  const money = useFormatMoney();
  const [params] = useSearchParams();
  const [editing, setEditing] = useState<{ values: OfferFormValues; attempt: number } | null>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const [attempts, setAttempts] = useState(0);

  const open = (values: OfferFormValues) => {
    setAttempts((n) => n + 1);
    setEditing({ values, attempt: attempts + 1 });
  };
  const edit = (row: Row) =>
    open({
      offerId: row.id,
      name: row.name,
      credits: String(row.credits),
      price: formatAmountInput(row.price, row.currency),
      currency: row.currency,
      activeFrom: row.activeFrom ?? "",
      activeUntil: row.activeUntil ?? "",
      visibleToClients: row.visibleToClients,
    });

  const newOffer = (
    <Button onClick={() => open(EMPTY_OFFER)}>
      <Plus aria-hidden="true" />
      {t("studio.credits.offers.new")}
    </Button>
  );

  const columns: DataTableColumn<Row>[] = [
    {
      key: "name",
      header: t("studio.credits.offers.col.name"),
      sortable: true,
      cell: (row) => <span className="font-medium">{row.name}</span>,
    },
    {
      key: "credits",
      header: t("studio.credits.offers.col.credits"),
      sortable: true,
      align: "end",
      className: "tabular-nums",
      cell: (row) => intl.formatNumber(row.credits),
    },
    {
      key: "price",
      header: t("studio.credits.offers.col.price"),
      sortable: true,
      align: "end",
      className: "tabular-nums whitespace-nowrap",
      cell: (row) => money(row.price, row.currency),
    },
    {
      key: "state",
      header: t("studio.credits.offers.col.state"),
      cell: (row) => (
        <div className="flex flex-wrap gap-1">
          <Badge tone={STATE_TONES[row.state]}>{t(`studio.credits.offers.state.${row.state}`)}</Badge>
          {row.visibleToClients ? null : <Badge tone="warning">{t("studio.credits.offers.hidden")}</Badge>}
        </div>
      ),
    },
    {
      key: "window",
      header: t("studio.credits.offers.col.window"),
      hideable: true,
      className: "whitespace-nowrap",
      cell: (row) =>
        row.activeFrom || row.activeUntil
          ? t("studio.credits.offers.window", {
              from: row.activeFrom
                ? intl.formatDate(row.activeFrom, { dateStyle: "medium", timeZone: "UTC" })
                : "…",
              until: row.activeUntil
                ? intl.formatDate(row.activeUntil, { dateStyle: "medium", timeZone: "UTC" })
                : "…",
            })
          : t("studio.credits.offers.always"),
    },
    {
      key: "purchases",
      header: t("studio.credits.offers.col.purchases"),
      align: "end",
      className: "tabular-nums",
      cell: (row) => intl.formatNumber(row.purchases),
    },
    {
      key: "actions",
      header: <span className="sr-only">{t("studio.credits.col.actions")}</span>,
      align: "end",
      cell: (row) => (
        <RowActions label={row.name}>
          <DropdownMenuItem onSelect={() => edit(row)}>
            <Pencil aria-hidden="true" />
            {t("studio.credits.offers.action.edit")}
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem tone="danger" onSelect={() => setDeleting(row)}>
            <Trash2 aria-hidden="true" />
            {t(
              row.purchases > 0
                ? "studio.credits.offers.action.deactivate"
                : "studio.credits.offers.action.delete",
            )}
          </DropdownMenuItem>
        </RowActions>
      ),
    },
  ];

  return (
    <div>
      <PageHeader
        title={t("studio.credits.offers.title")}
        description={t("studio.credits.offers.description")}
        actions={newOffer}
      />
      <DataTable
        columns={columns}
        rows={loaderData.rows}
        rowKey={(row) => row.id}
        total={loaderData.total}
        page={loaderData.page}
        pageSize={loaderData.pageSize}
        sort={loaderData.sort}
        caption={t("studio.credits.offers.caption")}
        searchPlaceholder={t("studio.credits.offers.searchPlaceholder")}
        filters={[
          {
            name: "state",
            label: t("studio.credits.offers.filter.state"),
            options: (["active", "scheduled", "ended"] as const).map((state) => ({
              value: state,
              label: t(`studio.credits.offers.state.${state}`),
            })),
          },
          {
            name: "visible",
            label: t("studio.credits.offers.filter.visible"),
            options: [
              { value: "yes", label: t("studio.credits.offers.visibleYes") },
              { value: "no", label: t("studio.credits.offers.visibleNo") },
            ],
          },
        ]}
        emptyTitle={t("studio.credits.offers.empty")}
        emptyHint={t("studio.credits.offers.emptyHint")}
        emptyAction={newOffer}
        exportHref={exportHref(params)}
      />

      <Dialog open={editing !== null} onOpenChange={(next) => (next ? null : setEditing(null))}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>
              {t(
                editing?.values.offerId
                  ? "studio.credits.offers.form.editTitle"
                  : "studio.credits.offers.form.createTitle",
              )}
            </DialogTitle>
            <DialogDescription>{t("studio.credits.offers.form.description")}</DialogDescription>
          </DialogHeader>
          {editing ? (
            <OfferForm
              action={CREDIT_OFFERS_PATH}
              fetcherKey={`offer-${editing.attempt}`}
              defaults={editing.values}
              onSaved={() => setEditing(null)}
              secondary={
                <DialogClose asChild>
                  <Button variant="outline">{t("studio.credits.form.cancel")}</Button>
                </DialogClose>
              }
            />
          ) : null}
        </DialogContent>
      </Dialog>

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(next) => {
          if (!next) setDeleting(null);
        }}
        title={t(
          (deleting?.purchases ?? 0) > 0
            ? "studio.credits.offers.delete.deactivateTitle"
            : "studio.credits.offers.delete.title",
          { name: deleting?.name ?? "" },
        )}
        description={t(
          (deleting?.purchases ?? 0) > 0
            ? "studio.credits.offers.delete.deactivateDescription"
            : "studio.credits.offers.delete.description",
          { count: deleting?.purchases ?? 0 },
        )}
        confirmLabel={t(
          (deleting?.purchases ?? 0) > 0
            ? "studio.credits.offers.action.deactivate"
            : "studio.credits.offers.action.delete",
        )}
        action={CREDIT_OFFERS_PATH}
        fields={{ intent: "delete", offerId: deleting?.id ?? "", name: deleting?.name ?? "" }}
      />
    </div>
  );
}
