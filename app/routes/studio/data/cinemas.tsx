import { CircleCheck, CircleSlash, ExternalLink, Pencil, Rss } from "lucide-react";
import { CinemaForm, EMPTY_CINEMA, type CinemaFormValues } from "../../../components/studio/cinema-forms.tsx";
import * as List from "../../../components/studio/list-page.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { useDisplayNames } from "../../../lib/use-display-names.ts";
import { useT } from "../../../lib/i18n.tsx";
import { csvMiddleware } from "../../../lib/list-route.server.ts";
import { titleFrom } from "../../../lib/page-title.ts";
import type { Route } from "./+types/cinemas.ts";
import { CatalogFeedsDrawer, useShowFeeds } from "./catalog-feeds.tsx";
import { CINEMAS_PATH } from "./catalog-paths.ts";
import { cinemasAction, cinemasCsv, loadCinemas } from "./cinemas.server.ts";
import { useCountryOptions } from "./country-choices.ts";

export const middleware: Route.MiddlewareFunction[] = csvMiddleware(cinemasCsv);
export const meta: Route.MetaFunction = ({ matches }) => [
  { title: titleFrom(matches, "studio.cinemas.title", "Cinemas") },
];
export const loader = ({ request, context }: Route.LoaderArgs) => loadCinemas(request, context);
export const action = ({ request, context }: Route.ActionArgs) => cinemasAction(request, context);

type Row = Route.ComponentProps["loaderData"]["rows"][number];

const formValues = (row: Row): CinemaFormValues => ({
  cinemaId: row.id,
  name: row.name,
  slug: row.slug,
  chainId: row.chainId ?? "",
  address: row.address ?? "",
  postalCode: row.postalCode ?? "",
  city: row.city,
  countryCode: row.countryCode,
  latitude: row.latitude === null ? "" : String(row.latitude),
  longitude: row.longitude === null ? "" : String(row.longitude),
  timeZone: row.timeZone,
  website: row.website ?? "",
  bookingUrlTemplate: row.bookingUrlTemplate ?? "",
  phone: row.phone ?? "",
  screens: row.screens === null ? "" : String(row.screens),
  seats: row.seats === null ? "" : String(row.seats),
  osmId: row.osmId ?? "",
  nationalId: row.nationalId ?? "",
  posSiteId: row.posSiteId ?? "",
});

function useCinemaColumns(): List.DataTableColumn<Row>[] {
  const t = useT();
  const names = useDisplayNames();
  return [
    {
      key: "name",
      header: t("studio.cinemas.col.name"),
      sortable: true,
      cell: (row) =>
        row.website ? (
          <a
            href={row.website}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 font-medium underline underline-offset-2"
          >
            {row.name}
            <ExternalLink aria-hidden="true" className="size-3.5" />
            <span className="sr-only">({t("common.opensInNewTab")})</span>
          </a>
        ) : (
          <span className="font-medium">{row.name}</span>
        ),
    },
    {
      key: "slug",
      header: t("studio.cinemas.col.slug"),
      sortable: true,
      hideable: true,
      cell: (row) => <code className="font-mono text-sm">{row.slug}</code>,
    },
    { key: "city", header: t("studio.cinemas.col.city"), sortable: true, cell: (row) => row.city },
    {
      key: "country",
      header: t("studio.cinemas.col.country"),
      sortable: true,
      hideable: true,
      cell: (row) => names.country(row.countryCode, row.countryName),
    },
    {
      key: "chain",
      header: t("studio.cinemas.col.chain"),
      hideable: true,
      cell: (row) => row.chainName ?? "",
    },
    {
      key: "timeZone",
      header: t("studio.cinemas.col.timeZone"),
      hideable: true,
      cell: (row) => <span className="text-sm">{row.timeZone}</span>,
    },
    {
      key: "coordinates",
      header: t("studio.cinemas.col.coordinates"),
      hideable: true,
      className: "tabular-nums",
      cell: (row) =>
        row.latitude !== null && row.longitude !== null ? (
          <span className="text-sm">
            {row.latitude}, {row.longitude}
          </span>
        ) : null,
    },
    {
      key: "status",
      header: t("studio.cinemas.col.status"),
      sortable: true,
      cell: (row) => (
        <Badge tone={row.status === "open" ? "primary" : "neutral"}>
          {t(`studio.cinemas.status.${row.status}`)}
        </Badge>
      ),
    },
  ];
}

/** A cinema's "…" menu: edit, its feeds, close or reopen. */
function CinemaRowActions({
  row,
  onEdit,
  onStatus,
}: {
  row: Row;
  onEdit: (row: Row) => void;
  onStatus: (row: Row) => void;
}) {
  const t = useT();
  const showFeeds = useShowFeeds();
  const open = row.status === "open";
  return (
    <List.RowActions label={row.name}>
      <List.RowAction icon={Pencil} onSelect={() => onEdit(row)}>
        {t("studio.cinemas.action.edit")}
      </List.RowAction>
      <List.RowAction icon={Rss} onSelect={() => showFeeds(row.id)}>
        {t("studio.cinemas.action.feeds")}
      </List.RowAction>
      <List.RowAction
        icon={open ? CircleSlash : CircleCheck}
        tone={open ? "danger" : undefined}
        onSelect={() => onStatus(row)}
      >
        {t(open ? "studio.cinemas.action.close" : "studio.cinemas.action.reopen")}
      </List.RowAction>
    </List.RowActions>
  );
}

export default function Cinemas({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const next = List.useAttempts();
  const editor = List.useEditDialog<CinemaFormValues>(next);
  const changing = List.useRowDialog<Row>();
  const countryOptions = useCountryOptions(loaderData.countries);
  const chainOptions = loaderData.chains.map((c) => ({ value: c.id, label: c.name }));
  const statusOptions = (["open", "closed"] as const).map((value) => ({
    value,
    label: t(`studio.cinemas.status.${value}`),
  }));

  const newCinema = (
    <List.NewButton onClick={() => editor.open(EMPTY_CINEMA)}>{t("studio.cinemas.new")}</List.NewButton>
  );
  const columns = useCinemaColumns();
  const rowActions = (row: Row) => (
    <CinemaRowActions row={row} onEdit={(r) => editor.open(formValues(r))} onStatus={changing.open} />
  );

  return (
    <List.ListPage messages="studio.cinemas" actions={newCinema}>
      <List.ListTable
        data={loaderData}
        columns={columns}
        rowActions={rowActions}
        filters={[
          { name: "country", label: t("studio.cinemas.filter.country"), options: countryOptions },
          { name: "chain", label: t("studio.cinemas.filter.chain"), options: chainOptions },
          { name: "status", label: t("studio.cinemas.filter.status"), options: statusOptions },
        ]}
        emptyAction={newCinema}
        csv
      />

      <List.EditDialog
        dialog={editor}
        className="sm:max-w-2xl"
        title={t(
          editor.editing?.values.cinemaId
            ? "studio.cinemas.form.editTitle"
            : "studio.cinemas.form.createTitle",
        )}
        description={t("studio.cinemas.form.description")}
      >
        {({ values, attempt }) => (
          <CinemaForm
            action={CINEMAS_PATH}
            fetcherKey={`cinema-${attempt}`}
            defaults={values}
            countries={countryOptions}
            chains={chainOptions}
            onSaved={editor.close}
            secondary={<List.CancelButton>{t("studio.cinemas.form.cancel")}</List.CancelButton>}
          />
        )}
      </List.EditDialog>

      <CatalogFeedsDrawer feeds={loaderData.feeds} scope="cinemaId" action={CINEMAS_PATH} />

      <StatusDialog row={changing} />
    </List.ListPage>
  );
}

/** Closing an open cinema, or reopening a closed one. */
function StatusDialog({ row: dialog }: { row: List.RowDialogState<Row> }) {
  const t = useT();
  const closing = dialog.row?.status === "open";
  const name = dialog.row?.name ?? "";
  return (
    <List.ConfirmDialog
      {...dialog.dialog}
      title={t(closing ? "studio.cinemas.close.title" : "studio.cinemas.reopen.title", { name })}
      description={t(closing ? "studio.cinemas.close.description" : "studio.cinemas.reopen.description", {
        name,
      })}
      confirmLabel={t(closing ? "studio.cinemas.action.close" : "studio.cinemas.action.reopen")}
      tone={closing ? "danger" : "primary"}
      action={CINEMAS_PATH}
      fields={{ intent: "status", cinemaId: dialog.row?.id ?? "", status: closing ? "closed" : "open", name }}
    />
  );
}
