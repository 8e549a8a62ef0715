import { Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useIntl } from "react-intl";
import { Link, useSearchParams } from "react-router";
import { formatAmountInput } from "../../../../core/credits/credit-schemas.ts";
import { useFormatMoney } from "../../../components/studio/credit-forms.tsx";
import {
  BundleForm,
  CountryForm,
  EMPTY_BUNDLE,
  EMPTY_COUNTRY,
  type BundleFormValues,
  type CountryFormValues,
} from "../../../components/studio/country-forms.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { cx, focusRing } from "../../../components/ui/cx.ts";
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
import { useDisplayNames } from "../../../lib/use-display-names.ts";
import { useT } from "../../../lib/i18n.tsx";
import { titleFrom } from "../../../lib/page-title.ts";
import type { Route } from "./+types/countries.ts";
import { wantsCsv } from "../../../lib/csv.server.ts";
import { COUNTRIES_PATH, COUNTRY_TABS, TAB_PARAM } from "./countries-paths.ts";
import { countriesAction, countriesCsv, loadCountriesPage } from "./countries.server.ts";
import { exportHref } from "./list-helpers.ts";

export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => (wantsCsv(request) ? countriesCsv(request, context) : next()),
];

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: titleFrom(matches, "studio.countries.title", "Countries") }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadCountriesPage(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return countriesAction(request, context);
}

type Data = Route.ComponentProps["loaderData"];
type CountryRow = NonNullable<Data["countries"]>["rows"][number];
type BundleRow = NonNullable<Data["bundles"]>["rows"][number];

export default function Countries({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <div>
      <PageHeader title={t("studio.countries.title")} description={t("studio.countries.description")} />
      <nav
        aria-label={t("studio.countries.tabs")}
        className="mb-4 border-b border-slate-200 dark:border-slate-800"
      >
        <ul className="-mb-px flex gap-4">
          {COUNTRY_TABS.map((tab) => {
            const current = loaderData.tab === tab;
            return (
              <li key={tab}>
                <Link
                  to={tab === "countries" ? COUNTRIES_PATH : `${COUNTRIES_PATH}?${TAB_PARAM}=${tab}`}
                  aria-current={current ? "page" : undefined}
                  className={cx(
                    "inline-block rounded-t-md border-b-2 px-1 py-2 text-sm font-medium",
                    focusRing,
                    current
                      ? "border-primary-700 text-primary-800 dark:border-primary-400 dark:text-primary-300"
                      : "border-transparent text-slate-700 hover:border-slate-400 hover:text-slate-900 dark:text-slate-300 dark:hover:text-slate-100",
                  )}
                >
                  {t(`studio.countries.tab.${tab}`)}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {loaderData.countries ? (
        <CountriesTab data={loaderData.countries} locales={loaderData.locales} />
      ) : null}
      {loaderData.bundles ? <BundlesTab data={loaderData.bundles} choices={loaderData.choices} /> : null}
    </div>
  );
}

function CountriesTab({ data, locales }: { data: NonNullable<Data["countries"]>; locales: Data["locales"] }) {
  const t = useT();
  const names = useDisplayNames();
  const [params] = useSearchParams();
  const [editing, setEditing] = useState<{ values: CountryFormValues; attempt: number } | null>(null);
  const [attempts, setAttempts] = useState(0);
  const open = (values: CountryFormValues) => {
    setAttempts((n) => n + 1);
    setEditing({ values, attempt: attempts + 1 });
  };
  const localeName = new Map(locales.map((l) => [l.value as string, l.label]));
  const edit = (row: CountryRow) =>
    open({
      existing: true,
      code: row.code,
      name: row.name,
      enabled: row.enabled,
      defaultLocale: row.defaultLocale,
      timeZone: row.timeZone,
      currency: row.currency,
      clients: row.clients,
    });
  const newCountry = (
    <Button onClick={() => open(EMPTY_COUNTRY)}>
      <Plus aria-hidden="true" />
      {t("studio.countries.new")}
    </Button>
  );

  const columns: DataTableColumn<CountryRow>[] = [
    {
      key: "code",
      header: t("studio.countries.col.code"),
      sortable: true,
      className: "font-mono",
      cell: (row) => row.code,
    },
    {
      key: "name",
      header: t("studio.countries.col.name"),
      sortable: true,
      cell: (row) => <span className="font-medium">{names.country(row.code, row.name)}</span>,
    },
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
    {
      key: "clients",
      header: t("studio.countries.col.clients"),
      sortable: true,
      align: "end",
      className: "tabular-nums",
      cell: (row) => row.clients,
    },
    {
      key: "actions",
      header: <span className="sr-only">{t("studio.countries.col.actions")}</span>,
      align: "end",
      cell: (row) => (
        <RowActions label={names.country(row.code, row.name)}>
          <DropdownMenuItem onSelect={() => edit(row)}>
            <Pencil aria-hidden="true" />
            {t("studio.countries.action.edit")}
          </DropdownMenuItem>
        </RowActions>
      ),
    },
  ];

  return (
    <section aria-labelledby="countries-heading">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="countries-heading" className="text-lg font-semibold text-slate-900 dark:text-slate-100">
          {t("studio.countries.tab.countries")}
        </h2>
        {newCountry}
      </div>
      <DataTable
        columns={columns}
        rows={data.rows}
        rowKey={(row) => row.code}
        total={data.total}
        page={data.page}
        pageSize={data.pageSize}
        sort={data.sort}
        caption={t("studio.countries.caption")}
        searchPlaceholder={t("studio.countries.searchPlaceholder")}
        filters={[
          {
            name: "enabled",
            label: t("studio.countries.filter.enabled"),
            options: [
              { value: "yes", label: t("studio.countries.enabled") },
              { value: "no", label: t("studio.countries.disabled") },
            ],
          },
        ]}
        emptyTitle={t("studio.countries.empty")}
        emptyHint={t("studio.countries.emptyHint")}
        emptyAction={newCountry}
        exportHref={exportHref(params)}
      />
      <Dialog open={editing !== null} onOpenChange={(next) => (next ? null : setEditing(null))}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>
              {editing?.values.existing
                ? t("studio.countries.form.editTitle", { name: editing.values.name })
                : t("studio.countries.form.createTitle")}
            </DialogTitle>
            <DialogDescription>{t("studio.countries.form.description")}</DialogDescription>
          </DialogHeader>
          {editing ? (
            <CountryForm
              action={COUNTRIES_PATH}
              fetcherKey={`country-${editing.attempt}`}
              defaults={editing.values}
              locales={locales}
              onSaved={() => setEditing(null)}
              secondary={
                <DialogClose asChild>
                  <Button variant="outline">{t("studio.countries.form.cancel")}</Button>
                </DialogClose>
              }
            />
          ) : null}
        </DialogContent>
      </Dialog>
    </section>
  );
}

function BundlesTab({ data, choices }: { data: NonNullable<Data["bundles"]>; choices: Data["choices"] }) {
  const t = useT();
  const intl = useIntl();
  const names = useDisplayNames();
  const money = useFormatMoney();
  const [params] = useSearchParams();
  const [editing, setEditing] = useState<{ values: BundleFormValues; attempt: number } | null>(null);
  const [deleting, setDeleting] = useState<BundleRow | null>(null);
  const [attempts, setAttempts] = useState(0);
  const open = (values: BundleFormValues) => {
    setAttempts((n) => n + 1);
    setEditing({ values, attempt: attempts + 1 });
  };
  const edit = (row: BundleRow) =>
    open({
      bundleId: row.id,
      name: row.name,
      description: row.description ?? "",
      price: formatAmountInput(row.price, row.currency),
      currency: row.currency,
      countries: row.countries,
    });
  const newBundle = (
    <Button onClick={() => open(EMPTY_BUNDLE)}>
      <Plus aria-hidden="true" />
      {t("studio.countries.bundles.new")}
    </Button>
  );

  const columns: DataTableColumn<BundleRow>[] = [
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
    {
      key: "price",
      header: t("studio.countries.bundles.col.price"),
      sortable: true,
      align: "end",
      className: "tabular-nums whitespace-nowrap",
      cell: (row) => money(row.price, row.currency),
    },
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
    {
      key: "clients",
      header: t("studio.countries.bundles.col.clients"),
      align: "end",
      className: "tabular-nums",
      cell: (row) => row.clients,
    },
    {
      key: "actions",
      header: <span className="sr-only">{t("studio.countries.col.actions")}</span>,
      align: "end",
      cell: (row) => (
        <RowActions label={row.name}>
          <DropdownMenuItem onSelect={() => edit(row)}>
            <Pencil aria-hidden="true" />
            {t("studio.countries.bundles.action.edit")}
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem tone="danger" onSelect={() => setDeleting(row)}>
            <Trash2 aria-hidden="true" />
            {t("studio.countries.bundles.action.delete")}
          </DropdownMenuItem>
        </RowActions>
      ),
    },
  ];

  return (
    <section aria-labelledby="bundles-heading">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="bundles-heading" className="text-lg font-semibold text-slate-900 dark:text-slate-100">
          {t("studio.countries.tab.bundles")}
        </h2>
        {newBundle}
      </div>
      <DataTable
        columns={columns}
        rows={data.rows}
        rowKey={(row) => row.id}
        total={data.total}
        page={data.page}
        pageSize={data.pageSize}
        sort={data.sort}
        caption={t("studio.countries.bundles.caption")}
        searchPlaceholder={t("studio.countries.bundles.searchPlaceholder")}
        emptyTitle={t("studio.countries.bundles.empty")}
        emptyHint={t("studio.countries.bundles.emptyHint")}
        emptyAction={newBundle}
        exportHref={exportHref(params)}
      />
      <Dialog open={editing !== null} onOpenChange={(next) => (next ? null : setEditing(null))}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>
              {editing?.values.bundleId
                ? t("studio.countries.bundleForm.editTitle", { name: editing.values.name })
                : t("studio.countries.bundleForm.createTitle")}
            </DialogTitle>
            <DialogDescription>{t("studio.countries.bundleForm.description")}</DialogDescription>
          </DialogHeader>
          {editing ? (
            <BundleForm
              action={COUNTRIES_PATH}
              fetcherKey={`bundle-${editing.attempt}`}
              defaults={editing.values}
              countries={choices}
              onSaved={() => setEditing(null)}
              secondary={
                <DialogClose asChild>
                  <Button variant="outline">{t("studio.countries.form.cancel")}</Button>
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
        title={t("studio.countries.bundles.delete.title", { name: deleting?.name ?? "" })}
        description={t(
          (deleting?.clients ?? 0) > 0
            ? "studio.countries.bundles.delete.inUse"
            : "studio.countries.bundles.delete.description",
          { count: deleting?.clients ?? 0 },
        )}
        confirmLabel={t("studio.countries.bundles.action.delete")}
        action={`${COUNTRIES_PATH}?${TAB_PARAM}=bundles`}
        fields={{ intent: "deleteBundle", bundleId: deleting?.id ?? "" }}
      />
    </section>
  );
}
