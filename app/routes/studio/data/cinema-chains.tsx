import { ExternalLink, Rss } from "lucide-react";
import { useIntl } from "react-intl";
import {
  ChainForm,
  EMPTY_CHAIN,
  MergeForm,
  type ChainFormValues,
} from "../../../components/studio/catalog-forms.tsx";
import * as List from "../../../components/studio/list-page.tsx";
import { useT } from "../../../lib/i18n.tsx";
import { csvMiddleware } from "../../../lib/list-route.server.ts";
import { titleFrom } from "../../../lib/page-title.ts";
import type { Route } from "./+types/cinema-chains.ts";
import { CatalogFeedsDrawer, useShowFeeds } from "./catalog-feeds.tsx";
import { CINEMA_CHAINS_PATH } from "./catalog-paths.ts";
import { CatalogRowActions, useCatalogDialogs } from "./catalog-list.tsx";
import { cinemaChainsAction, cinemaChainsCsv, loadCinemaChains } from "./cinema-chains.server.ts";
import { useCountryOptions } from "./country-choices.ts";

export const middleware: Route.MiddlewareFunction[] = csvMiddleware(cinemaChainsCsv);
export const meta: Route.MetaFunction = ({ matches }) => [
  { title: titleFrom(matches, "studio.chains.title", "Cinema chains") },
];
export const loader = ({ request, context }: Route.LoaderArgs) => loadCinemaChains(request, context);
export const action = ({ request, context }: Route.ActionArgs) => cinemaChainsAction(request, context);

/** The host of a stored website, or the text itself when it is not a URL. */
function hostOf(website: string): string {
  try {
    return new URL(website).hostname;
  } catch {
    return website;
  }
}

type Data = Route.ComponentProps["loaderData"];
type Row = Data["rows"][number];
type CountryOption = { value: string; label: string };

const formValues = (row: Row): ChainFormValues => ({
  chainId: row.id,
  name: row.name,
  slug: row.slug,
  website: row.website ?? "",
  wikidataId: row.wikidataId ?? "",
  countries: row.countries,
  synonyms: row.synonyms.join("\n"),
});

function useChainColumns(): List.DataTableColumn<Row>[] {
  const t = useT();
  const intl = useIntl();
  return [
    {
      key: "name",
      header: t("studio.chains.col.name"),
      sortable: true,
      cell: (row) => <span className="font-medium">{row.name}</span>,
    },
    {
      key: "slug",
      header: t("studio.chains.col.slug"),
      sortable: true,
      hideable: true,
      cell: (row) => <code className="font-mono text-sm">{row.slug}</code>,
    },
    {
      key: "countries",
      header: t("studio.chains.col.countries"),
      cell: (row) => row.countries.join(", "),
    },
    {
      key: "cinemas",
      header: t("studio.chains.col.cinemas"),
      sortable: true,
      align: "end",
      className: "tabular-nums",
      cell: (row) => intl.formatNumber(row.cinemas),
    },
    {
      key: "website",
      header: t("studio.chains.col.website"),
      hideable: true,
      cell: (row) =>
        row.website ? (
          <a
            href={row.website}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 text-sm underline underline-offset-2"
          >
            {hostOf(row.website)}
            <ExternalLink aria-hidden="true" className="size-3.5" />
            <span className="sr-only">({t("common.opensInNewTab")})</span>
          </a>
        ) : null,
    },
    {
      key: "synonyms",
      header: t("studio.chains.col.synonyms"),
      hideable: true,
      cell: (row) =>
        row.synonyms.length ? (
          <span className="text-sm text-slate-700 dark:text-slate-300">{row.synonyms.join(", ")}</span>
        ) : null,
    },
    {
      key: "wikidata",
      header: t("studio.chains.col.wikidata"),
      hideable: true,
      cell: (row) => (row.wikidataId ? <code className="font-mono text-sm">{row.wikidataId}</code> : null),
    },
  ];
}

export default function CinemaChains({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const showFeeds = useShowFeeds();
  const { canEdit } = loaderData;
  const dialogs = useCatalogDialogs<ChainFormValues, Row>();
  const countryOptions = useCountryOptions(loaderData.countries);

  const newChain = canEdit ? (
    <List.NewButton onClick={() => dialogs.editor.open(EMPTY_CHAIN)}>{t("studio.chains.new")}</List.NewButton>
  ) : undefined;

  const columns = useChainColumns();
  const rowActions = (row: Row) => (
    <CatalogRowActions
      messages="studio.chains"
      label={row.name}
      row={row}
      values={formValues(row)}
      dialogs={dialogs}
    >
      <List.RowAction icon={Rss} onSelect={() => showFeeds(row.id)}>
        {t("studio.chains.action.feeds")}
      </List.RowAction>
    </CatalogRowActions>
  );

  return (
    <List.ListPage
      messages="studio.chains"
      description={t(canEdit ? "studio.chains.description" : "studio.chains.descriptionReadOnly")}
      actions={newChain}
    >
      <List.ListTable
        data={loaderData}
        columns={columns}
        rowActions={canEdit ? rowActions : undefined}
        filters={[{ name: "country", label: t("studio.chains.filter.country"), options: countryOptions }]}
        emptyAction={newChain}
        csv
      />
      {canEdit ? <ChainDialogs data={loaderData} countryOptions={countryOptions} {...dialogs} /> : null}
    </List.ListPage>
  );
}

/** The super admin's dialogs: create or edit, merge into another chain, feeds, delete. */
function ChainDialogs({
  data,
  countryOptions,
  editor,
  merger,
  deleting,
}: {
  data: Data;
  countryOptions: CountryOption[];
  editor: List.EditDialogState<ChainFormValues>;
  merger: List.EditDialogState<Row>;
  deleting: List.RowDialogState<Row>;
}) {
  const t = useT();
  const cancel = <List.CancelButton>{t("studio.chains.form.cancel")}</List.CancelButton>;
  const merged = merger.editing?.values;
  const cinemas = deleting.row?.cinemas ?? 0;
  return (
    <>
      <List.EditDialog
        dialog={editor}
        title={t(
          editor.editing?.values.chainId ? "studio.chains.form.editTitle" : "studio.chains.form.createTitle",
        )}
        description={t("studio.chains.form.description")}
      >
        {({ values, attempt }) => (
          <ChainForm
            action={CINEMA_CHAINS_PATH}
            fetcherKey={`chain-${attempt}`}
            defaults={values}
            countries={countryOptions}
            onSaved={editor.close}
            secondary={cancel}
          />
        )}
      </List.EditDialog>

      <List.EditDialog
        dialog={merger}
        title={t("studio.chains.merge.title", { name: merged?.name ?? "" })}
        description={t("studio.chains.merge.description", {
          name: merged?.name ?? "",
          count: merged?.cinemas ?? 0,
        })}
      >
        {({ values: row, attempt }) => (
          <MergeForm
            kind="chains"
            action={CINEMA_CHAINS_PATH}
            fetcherKey={`chain-merge-${attempt}`}
            sourceId={row.id}
            sourceName={row.name}
            choices={data.choices.map((c) => ({ value: c.id, label: c.name }))}
            onSaved={merger.close}
            secondary={cancel}
          />
        )}
      </List.EditDialog>

      <CatalogFeedsDrawer feeds={data.feeds} scope="chainId" action={CINEMA_CHAINS_PATH} />

      <List.ConfirmDialog
        {...deleting.dialog}
        title={t("studio.chains.delete.title", { name: deleting.row?.name ?? "" })}
        description={t(cinemas > 0 ? "studio.chains.delete.hasCinemas" : "studio.chains.delete.description", {
          count: cinemas,
        })}
        confirmLabel={t("studio.chains.action.delete")}
        action={CINEMA_CHAINS_PATH}
        fields={{ intent: "delete", chainId: deleting.row?.id ?? "", name: deleting.row?.name ?? "" }}
      />
    </>
  );
}
