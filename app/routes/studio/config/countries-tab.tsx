// The countries tab of /studio/config/countries: every country (code, name, enabled, locale, time zone,
// currency, clients), the enabled filter, CSV, and the create / edit dialog.
import { Pencil } from "lucide-react";
import {
  CountryForm,
  EMPTY_COUNTRY,
  type CountryFormValues,
} from "../../../components/studio/country-forms.tsx";
import * as List from "../../../components/studio/list-page.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { useDisplayNames } from "../../../lib/use-display-names.ts";
import { useT } from "../../../lib/i18n.tsx";
import { NewButton, nameColumn, numberColumn, yesNoFilter } from "../table-kinds.tsx";
import { dialogFormBase } from "./dialog-form-base.tsx";
import type { Route } from "./+types/countries.ts";
import { COUNTRIES_PATH } from "./countries-paths.ts";
import { TabSection } from "./countries-tabs.tsx";

type Data = Route.ComponentProps["loaderData"];
type Countries = NonNullable<Data["countries"]>;
type Row = Countries["rows"][number];

const formValues = (row: Row): CountryFormValues => ({
  existing: true,
  code: row.code,
  name: row.name,
  enabled: row.enabled,
  defaultLocale: row.defaultLocale,
  timeZone: row.timeZone,
  currency: row.currency,
  clients: row.clients,
});

function useCountryColumns(locales: Data["locales"]): List.DataTableColumn<Row>[] {
  const t = useT();
  const names = useDisplayNames();
  const localeName = new Map(locales.map((l) => [l.value as string, l.label]));
  return [
    {
      key: "code",
      header: t("studio.countries.col.code"),
      sortable: true,
      className: "font-mono",
      cell: (row) => row.code,
    },
    nameColumn("name", t("studio.countries.col.name"), (row) => names.country(row.code, row.name), {
      sortable: true,
    }),
    {
      key: "enabled",
      header: t("studio.countries.col.enabled"),
      cell: (row) =>
        row.enabled ? (
          <Badge tone="primary">{t("studio.countries.enabled")}</Badge>
        ) : (
          <Badge tone="neutral">{t("studio.countries.disabled")}</Badge>
        ),
    },
    {
      key: "locale",
      header: t("studio.countries.col.locale"),
      hideable: true,
      cell: (row) =>
        localeName.has(row.defaultLocale) ? (
          names.language(row.defaultLocale, localeName.get(row.defaultLocale))
        ) : (
          <Badge tone="warning">
            {t("studio.countries.unsupportedLocale", { locale: row.defaultLocale })}
          </Badge>
        ),
    },
    {
      key: "timeZone",
      header: t("studio.countries.col.timeZone"),
      sortable: true,
      hideable: true,
      cell: (row) => row.timeZone,
    },
    {
      key: "currency",
      header: t("studio.countries.col.currency"),
      sortable: true,
      hideable: true,
      cell: (row) => row.currency,
    },
    numberColumn("clients", t("studio.countries.col.clients"), (row) => row.clients, { sortable: true }),
  ];
}

export function CountriesTab({ data, locales }: { data: Countries; locales: Data["locales"] }) {
  const t = useT();
  const names = useDisplayNames();
  const editor = List.useEditDialog<CountryFormValues>(List.useAttempts());
  const formBase = dialogFormBase(COUNTRIES_PATH, editor.close, t("studio.countries.form.cancel"));
  const newCountry = (
    <NewButton onClick={() => editor.open(EMPTY_COUNTRY)}>{t("studio.countries.new")}</NewButton>
  );
  const columns = [
    ...useCountryColumns(locales),
    List.actionsColumn<Row>(t("studio.countries.col.actions"), (row) => (
      <List.RowActions label={names.country(row.code, row.name)}>
        <List.RowAction icon={Pencil} onSelect={() => editor.open(formValues(row))}>
          {t("studio.countries.action.edit")}
        </List.RowAction>
      </List.RowActions>
    )),
  ];

  return (
    <TabSection tab="countries" actions={newCountry}>
      <List.ListTable
        data={data}
        columns={columns}
        rowKey={(row) => row.code}
        caption={t("studio.countries.caption")}
        searchPlaceholder={t("studio.countries.searchPlaceholder")}
        filters={[
          yesNoFilter(
            "enabled",
            t("studio.countries.filter.enabled"),
            t("studio.countries.enabled"),
            t("studio.countries.disabled"),
          ),
        ]}
        emptyTitle={t("studio.countries.empty")}
        emptyHint={t("studio.countries.emptyHint")}
        emptyAction={newCountry}
        csv
      />
      <List.EditDialog
        dialog={editor}
        title={
          editor.editing?.values.existing
            ? t("studio.countries.form.editTitle", { name: editor.editing.values.name })
            : t("studio.countries.form.createTitle")
        }
        description={t("studio.countries.form.description")}
      >
        {({ values, attempt }) => (
          <CountryForm {...formBase(`country-${attempt}`)} defaults={values} locales={locales} />
        )}
      </List.EditDialog>
    </TabSection>
  );
}
