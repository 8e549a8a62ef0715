import { CircleCheck, CircleSlash, ExternalLink, Pencil, Plus, Rss } from "lucide-react";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { CinemaForm, EMPTY_CINEMA, type CinemaFormValues } from "../../../components/studio/cinema-forms.tsx";
import { FeedsDrawer } from "../../../components/studio/feeds-drawer.tsx";
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
import { DropdownMenuItem, RowActions } from "../../../components/ui/dropdown-menu.tsx";
import { PageHeader } from "../../../components/ui/page-header.tsx";
import { useDisplayNames } from "../../../lib/use-display-names.ts";
import { useT } from "../../../lib/i18n.tsx";
import { titleFrom } from "../../../lib/page-title.ts";
import type { Route } from "./+types/cinemas.ts";
import { wantsCsv } from "../../../lib/csv.server.ts";
import { exportHref } from "../config/list-helpers.ts";
import { CINEMAS_PATH } from "./catalog-paths.ts";
import { cinemasAction, cinemasCsv, loadCinemas } from "./cinemas.server.ts";

export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => (wantsCsv(request) ? cinemasCsv(request, context) : next()),
];

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: titleFrom(matches, "studio.cinemas.title", "Cinemas") }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadCinemas(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return cinemasAction(request, context);
}

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

export default function Cinemas({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const names = useDisplayNames();
  const [params, setParams] = useSearchParams();
  const [editing, setEditing] = useState<{ values: CinemaFormValues; attempt: number } | null>(null);
  const [changing, setChanging] = useState<Row | null>(null);
  const [attempts, setAttempts] = useState(0);

  const open = (values: CinemaFormValues) => {
    setAttempts((n) => n + 1);
    setEditing({ values, attempt: attempts + 1 });
  };
  const countryOptions = loaderData.countries.map((c) => ({
    value: c.code,
    label: `${names.country(c.code, c.name)} (${c.code})`,
  }));
  const chainOptions = loaderData.chains.map((c) => ({ value: c.id, label: c.name }));
  const statusOptions = (["open", "closed"] as const).map((value) => ({
    value,
    label: t(`studio.cinemas.status.${value}`),
  }));

  const newCinema = (
    <Button onClick={() => open(EMPTY_CINEMA)}>
      <Plus aria-hidden="true" />
      {t("studio.cinemas.new")}
    </Button>
  );

  const columns: DataTableColumn<Row>[] = [
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
    {
      key: "actions",
      header: <span className="sr-only">{t("studio.cinemas.col.actions")}</span>,
      align: "end",
      cell: (row) => (
        <RowActions label={row.name}>
          <DropdownMenuItem onSelect={() => open(formValues(row))}>
            <Pencil aria-hidden="true" />
            {t("studio.cinemas.action.edit")}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => showFeeds(row.id)}>
            <Rss aria-hidden="true" />
            {t("studio.cinemas.action.feeds")}
          </DropdownMenuItem>
          <DropdownMenuItem
            tone={row.status === "open" ? "danger" : undefined}
            onSelect={() => setChanging(row)}
          >
            {row.status === "open" ? <CircleSlash aria-hidden="true" /> : <CircleCheck aria-hidden="true" />}
            {t(row.status === "open" ? "studio.cinemas.action.close" : "studio.cinemas.action.reopen")}
          </DropdownMenuItem>
        </RowActions>
      ),
    },
  ];

  const closing = changing?.status === "open";
  // The feed drawer is part of the URL: shareable, and Back closes it.
  const showFeeds = (cinemaId: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (cinemaId) next.set("feeds", cinemaId);
        else next.delete("feeds");
        return next;
      },
      { preventScrollReset: true },
    );

  return (
    <div>
      <PageHeader
        title={t("studio.cinemas.title")}
        description={t("studio.cinemas.description")}
        actions={newCinema}
      />
      <DataTable
        columns={columns}
        rows={loaderData.rows}
        rowKey={(row) => row.id}
        total={loaderData.total}
        page={loaderData.page}
        pageSize={loaderData.pageSize}
        sort={loaderData.sort}
        caption={t("studio.cinemas.caption")}
        searchPlaceholder={t("studio.cinemas.searchPlaceholder")}
        filters={[
          { name: "country", label: t("studio.cinemas.filter.country"), options: countryOptions },
          { name: "chain", label: t("studio.cinemas.filter.chain"), options: chainOptions },
          { name: "status", label: t("studio.cinemas.filter.status"), options: statusOptions },
        ]}
        emptyTitle={t("studio.cinemas.empty")}
        emptyHint={t("studio.cinemas.emptyHint")}
        emptyAction={newCinema}
        exportHref={exportHref(params)}
      />

      <Dialog open={editing !== null} onOpenChange={(isOpen) => (isOpen ? null : setEditing(null))}>
        <DialogContent className="sm:max-w-2xl">
          <DialogHeader>
            <DialogTitle>
              {t(
                editing?.values.cinemaId
                  ? "studio.cinemas.form.editTitle"
                  : "studio.cinemas.form.createTitle",
              )}
            </DialogTitle>
            <DialogDescription>{t("studio.cinemas.form.description")}</DialogDescription>
          </DialogHeader>
          {editing ? (
            <CinemaForm
              action={CINEMAS_PATH}
              fetcherKey={`cinema-${editing.attempt}`}
              defaults={editing.values}
              countries={countryOptions}
              chains={chainOptions}
              onSaved={() => setEditing(null)}
              secondary={
                <DialogClose asChild>
                  <Button variant="outline">{t("studio.cinemas.form.cancel")}</Button>
                </DialogClose>
              }
            />
          ) : null}
        </DialogContent>
      </Dialog>

      <FeedsDrawer
        ownerName={loaderData.feeds?.ownerName ?? ""}
        ownerId={loaderData.feeds?.ownerId ?? ""}
        scope="cinemaId"
        feeds={loaderData.feeds?.feeds ?? null}
        action={CINEMAS_PATH}
        onClose={() => showFeeds(null)}
      />

      <ConfirmDialog
        open={changing !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setChanging(null);
        }}
        title={t(closing ? "studio.cinemas.close.title" : "studio.cinemas.reopen.title", {
          name: changing?.name ?? "",
        })}
        description={t(closing ? "studio.cinemas.close.description" : "studio.cinemas.reopen.description", {
          name: changing?.name ?? "",
        })}
        confirmLabel={t(closing ? "studio.cinemas.action.close" : "studio.cinemas.action.reopen")}
        tone={closing ? "danger" : "primary"}
        action={CINEMAS_PATH}
        fields={{
          intent: "status",
          cinemaId: changing?.id ?? "",
          status: closing ? "closed" : "open",
          name: changing?.name ?? "",
        }}
      />
    </div>
  );
}
