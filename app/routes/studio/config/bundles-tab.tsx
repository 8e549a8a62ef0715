// The bundles tab of /studio/config/countries: every bundle (name, price, countries, clients), CSV, the
// create / edit dialog and the delete confirmation.
import { useIntl } from "react-intl";
import { formatAmountInput } from "../../../../core/credits/credit-schemas.ts";
import { useFormatMoney } from "../../../components/studio/credit-forms.tsx";
import {
  BundleForm,
  EMPTY_BUNDLE,
  type BundleFormValues,
} from "../../../components/studio/country-forms.tsx";
import * as List from "../../../components/studio/list-page.tsx";
import { useDisplayNames } from "../../../lib/use-display-names.ts";
import { useT } from "../../../lib/i18n.tsx";
import { editDeleteColumn, NewButton, numberColumn } from "../table-kinds.tsx";
import { dialogFormBase } from "./dialog-form-base.tsx";
import type { Route } from "./+types/countries.ts";
import { COUNTRIES_PATH, TAB_PARAM } from "./countries-paths.ts";
import { TabSection } from "./countries-tabs.tsx";

type Data = Route.ComponentProps["loaderData"];
type Bundles = NonNullable<Data["bundles"]>;
type Row = Bundles["rows"][number];

const formValues = (row: Row): BundleFormValues => ({
  bundleId: row.id,
  name: row.name,
  description: row.description ?? "",
  price: formatAmountInput(row.price, row.currency),
  currency: row.currency,
  countries: row.countries,
});

function useBundleColumns(): List.DataTableColumn<Row>[] {
  const t = useT();
  const intl = useIntl();
  const names = useDisplayNames();
  const money = useFormatMoney();
  return [
    {
      key: "name",
      header: t("studio.countries.bundles.col.name"),
      sortable: true,
      cell: (row) => (
        <div>
          <span className="font-medium">{row.name}</span>
          {row.description ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">{row.description}</p>
          ) : null}
        </div>
      ),
    },
    numberColumn("price", t("studio.countries.bundles.col.price"), (row) => money(row.price, row.currency), {
      sortable: true,
      nowrap: true,
    }),
    {
      key: "countries",
      header: t("studio.countries.bundles.col.countries"),
      sortable: true,
      cell: (row) => (
        <span className="font-mono" title={intl.formatList(row.countries.map((code) => names.country(code)))}>
          {row.countries.join(", ")}
        </span>
      ),
    },
    numberColumn("clients", t("studio.countries.bundles.col.clients"), (row) => row.clients),
  ];
}

export function BundlesTab({ data, choices }: { data: Bundles; choices: Data["choices"] }) {
  const t = useT();
  const editor = List.useEditDialog<BundleFormValues>(List.useAttempts());
  const deleting = List.useRowDialog<Row>();
  const formBase = dialogFormBase(COUNTRIES_PATH, editor.close, t("studio.countries.form.cancel"));
  const newBundle = (
    <NewButton onClick={() => editor.open(EMPTY_BUNDLE)}>{t("studio.countries.bundles.new")}</NewButton>
  );
  const columns = [
    ...useBundleColumns(),
    editDeleteColumn<Row>(
      t("studio.countries.col.actions"),
      { label: t("studio.countries.bundles.action.edit"), onSelect: (row) => editor.open(formValues(row)) },
      { label: () => t("studio.countries.bundles.action.delete"), onSelect: deleting.open },
    ),
  ];
  const editing = editor.editing?.values;
  const clients = deleting.row?.clients ?? 0;

  return (
    <TabSection tab="bundles" actions={newBundle}>
      <List.ListTable
        data={data}
        columns={columns}
        caption={t("studio.countries.bundles.caption")}
        searchPlaceholder={t("studio.countries.bundles.searchPlaceholder")}
        emptyTitle={t("studio.countries.bundles.empty")}
        emptyHint={t("studio.countries.bundles.emptyHint")}
        emptyAction={newBundle}
        csv
      />
      <List.EditDialog
        dialog={editor}
        title={t(
          editing?.bundleId
            ? "studio.countries.bundleForm.editTitle"
            : "studio.countries.bundleForm.createTitle",
          { name: editing?.name ?? "" },
        )}
        description={t("studio.countries.bundleForm.description")}
      >
        {({ values, attempt }) => (
          <BundleForm {...formBase(`bundle-${attempt}`)} defaults={values} countries={choices} />
        )}
      </List.EditDialog>
      <List.ConfirmDialog
        {...deleting.dialog}
        title={t("studio.countries.bundles.delete.title", { name: deleting.row?.name ?? "" })}
        description={t(
          clients > 0
            ? "studio.countries.bundles.delete.inUse"
            : "studio.countries.bundles.delete.description",
          { count: clients },
        )}
        confirmLabel={t("studio.countries.bundles.action.delete")}
        action={`${COUNTRIES_PATH}?${TAB_PARAM}=bundles`}
        fields={{ intent: "deleteBundle", bundleId: deleting.row?.id ?? "" }}
      />
    </TabSection>
  );
}
