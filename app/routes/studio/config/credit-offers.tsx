import { useIntl } from "react-intl";
import {
  EMPTY_OFFER,
  OfferForm,
  useFormatMoney,
  type OfferFormValues,
} from "../../../components/studio/credit-forms.tsx";
import * as List from "../../../components/studio/list-page.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { useT } from "../../../lib/i18n.tsx";
import { csvMiddleware } from "../../../lib/list-route.server.ts";
import { titleFrom } from "../../../lib/page-title.ts";
import { formatAmountInput } from "../../../../core/credits/credit-schemas.ts";
import {
  NewButton,
  choiceFilter,
  editDeleteColumn,
  nameColumn,
  numberColumn,
  yesNoFilter,
} from "../table-kinds.tsx";
import { dialogFormBase } from "./dialog-form-base.tsx";
import type { Route } from "./+types/credit-offers.ts";
import { creditOffersAction, creditOffersCsv, loadCreditOffers } from "./credit-offers.server.ts";
import { CREDIT_OFFERS_PATH } from "./credits-paths.ts";

export const middleware: Route.MiddlewareFunction[] = csvMiddleware(creditOffersCsv);
export const meta: Route.MetaFunction = ({ matches }) => [
  { title: titleFrom(matches, "studio.credits.offers.title", "Credit offers") },
];
export const loader = ({ request, context }: Route.LoaderArgs) => loadCreditOffers(request, context);
export const action = ({ request, context }: Route.ActionArgs) => creditOffersAction(request, context);

type Row = Route.ComponentProps["loaderData"]["rows"][number];

const STATE_TONES = { active: "primary", scheduled: "info", ended: "neutral" } as const;

const formValues = (row: Row): OfferFormValues => ({
  offerId: row.id,
  name: row.name,
  credits: String(row.credits),
  price: formatAmountInput(row.price, row.currency),
  currency: row.currency,
  activeFrom: row.activeFrom ?? "",
  activeUntil: row.activeUntil ?? "",
  visibleToClients: row.visibleToClients,
});

function useOfferColumns(): List.DataTableColumn<Row>[] {
  const t = useT();
  const intl = useIntl();
  const money = useFormatMoney();
  const day = (date: string | null) =>
    date ? intl.formatDate(date, { dateStyle: "medium", timeZone: "UTC" }) : "…";
  return [
    nameColumn("name", t("studio.credits.offers.col.name"), (row) => row.name, { sortable: true }),
    numberColumn("credits", t("studio.credits.offers.col.credits"), (row) => intl.formatNumber(row.credits), {
      sortable: true,
    }),
    numberColumn("price", t("studio.credits.offers.col.price"), (row) => money(row.price, row.currency), {
      sortable: true,
      nowrap: true,
    }),
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
          ? t("studio.credits.offers.window", { from: day(row.activeFrom), until: day(row.activeUntil) })
          : t("studio.credits.offers.always"),
    },
    numberColumn("purchases", t("studio.credits.offers.col.purchases"), (row) =>
      intl.formatNumber(row.purchases),
    ),
  ];
}

export default function CreditOffers({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const editor = List.useEditDialog<OfferFormValues>(List.useAttempts());
  const deleting = List.useRowDialog<Row>();
  const formBase = dialogFormBase(CREDIT_OFFERS_PATH, editor.close, t("studio.credits.form.cancel"));
  const newOffer = (
    <NewButton onClick={() => editor.open(EMPTY_OFFER)}>{t("studio.credits.offers.new")}</NewButton>
  );
  const columns = [
    ...useOfferColumns(),
    editDeleteColumn<Row>(
      t("studio.credits.col.actions"),
      { label: t("studio.credits.offers.action.edit"), onSelect: (row) => editor.open(formValues(row)) },
      {
        // An offer already bought is deactivated instead (DeleteOfferDialog).
        label: (row) =>
          t(
            row.purchases > 0
              ? "studio.credits.offers.action.deactivate"
              : "studio.credits.offers.action.delete",
          ),
        onSelect: deleting.open,
      },
    ),
  ];
  const filters = [
    choiceFilter(
      "state",
      t("studio.credits.offers.filter.state"),
      ["active", "scheduled", "ended"],
      (state) => t(`studio.credits.offers.state.${state}`),
    ),
    yesNoFilter(
      "visible",
      t("studio.credits.offers.filter.visible"),
      t("studio.credits.offers.visibleYes"),
      t("studio.credits.offers.visibleNo"),
    ),
  ];

  return (
    <List.ListPage
      title={t("studio.credits.offers.title")}
      description={t("studio.credits.offers.description")}
      actions={newOffer}
    >
      <List.ListTable
        data={loaderData}
        columns={columns}
        caption={t("studio.credits.offers.caption")}
        searchPlaceholder={t("studio.credits.offers.searchPlaceholder")}
        filters={filters}
        emptyTitle={t("studio.credits.offers.empty")}
        emptyHint={t("studio.credits.offers.emptyHint")}
        emptyAction={newOffer}
        csv
      />
      <List.EditDialog
        dialog={editor}
        title={t(
          editor.editing?.values.offerId
            ? "studio.credits.offers.form.editTitle"
            : "studio.credits.offers.form.createTitle",
        )}
        description={t("studio.credits.offers.form.description")}
      >
        {({ values, attempt }) => <OfferForm {...formBase(`offer-${attempt}`)} defaults={values} />}
      </List.EditDialog>
      <DeleteOfferDialog deleting={deleting} />
    </List.ListPage>
  );
}

/** Delete an offer; one already bought is deactivated instead (its purchases keep pointing at it). */
function DeleteOfferDialog({ deleting }: { deleting: List.RowDialogState<Row> }) {
  const t = useT();
  const row = deleting.row;
  const bought = (row?.purchases ?? 0) > 0;
  return (
    <List.ConfirmDialog
      {...deleting.dialog}
      title={t(
        bought ? "studio.credits.offers.delete.deactivateTitle" : "studio.credits.offers.delete.title",
        {
          name: row?.name ?? "",
        },
      )}
      description={t(
        bought
          ? "studio.credits.offers.delete.deactivateDescription"
          : "studio.credits.offers.delete.description",
        { count: row?.purchases ?? 0 },
      )}
      confirmLabel={t(
        bought ? "studio.credits.offers.action.deactivate" : "studio.credits.offers.action.delete",
      )}
      action={CREDIT_OFFERS_PATH}
      fields={{ intent: "delete", offerId: row?.id ?? "", name: row?.name ?? "" }}
    />
  );
}
