import { Ban, Link2, Plus } from "lucide-react";
import { useState } from "react";
import { Form, useSearchParams } from "react-router";
import { AddShowtimeForm, ReattributeForm } from "../../../components/studio/showtime-forms.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Combobox } from "../../../components/ui/combobox.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { DataTable, type DataTableColumn } from "../../../components/ui/data-table.tsx";
import { DateRangePicker } from "../../../components/ui/date-range-picker.tsx";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { DropdownMenuItem, RowActions } from "../../../components/ui/dropdown-menu.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { PageHeader } from "../../../components/ui/page-header.tsx";
import { useFormatDateTime } from "../../../components/shell/local-time.tsx";
import { useT } from "../../../lib/i18n.tsx";
import { titleFrom } from "../../../lib/page-title.ts";
import type { Route } from "./+types/showtimes.ts";
import { wantsCsv } from "../../../lib/csv.server.ts";
import { exportHref } from "../config/list-helpers.ts";
import { CINEMA_OPTIONS_PATH, MOVIE_OPTIONS_PATH, SHOWTIMES_PATH } from "./showtimes-paths.ts";
import { loadShowtimes, showtimesAction, showtimesCsv } from "./showtimes.server.ts";

export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => (wantsCsv(request) ? showtimesCsv(request, context) : next()),
];

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: titleFrom(matches, "studio.dataShowtimes.title", "Showtimes") }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadShowtimes(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return showtimesAction(request, context);
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];

/** The URL parameters the filter form owns; everything else (sort, page size, status…) it keeps. */
const FILTER_PARAMS = new Set(["cinema", "movie", "from", "to", "page"]);

function ShowtimeFilters({ loaderData }: { loaderData: Route.ComponentProps["loaderData"] }) {
  const t = useT();
  const [params] = useSearchParams();
  const kept = [...params.entries()].filter(([name]) => !FILTER_PARAMS.has(name));
  const { range, rangeError, choices } = loaderData;
  return (
    <Form
      method="get"
      action={SHOWTIMES_PATH}
      aria-label={t("studio.dataShowtimes.filter.legend")}
      className="mb-4 flex flex-wrap items-end gap-4 rounded-xl border border-slate-200 p-4 dark:border-slate-800"
      // A new filter starts a new list: the form is remounted when the URL's filters change.
      key={`${range.from}|${range.to}|${choices.cinema?.value ?? ""}|${choices.movie?.value ?? ""}`}
    >
      {kept.map(([name, value], index) => (
        <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
      ))}
      <Field label={t("studio.dataShowtimes.filter.cinema")} className="w-64">
        <Combobox
          name="cinema"
          source={CINEMA_OPTIONS_PATH}
          defaultOption={choices.cinema}
          placeholder={t("studio.dataShowtimes.filter.anyCinema")}
        />
      </Field>
      <Field label={t("studio.dataShowtimes.filter.movie")} className="w-64">
        <Combobox
          name="movie"
          source={MOVIE_OPTIONS_PATH}
          defaultOption={choices.movie}
          placeholder={t("studio.dataShowtimes.filter.anyMovie")}
        />
      </Field>
      <DateRangePicker
        legend={t("studio.dataShowtimes.filter.days")}
        fromLabel={t("studio.dataShowtimes.filter.from")}
        toLabel={t("studio.dataShowtimes.filter.to")}
        orderError={t("studio.dataShowtimes.validation.rangeOrder")}
        defaultValue={range}
        toError={rangeError ? t(rangeError) : undefined}
        hint={t("studio.dataShowtimes.filter.daysHint")}
        required
      />
      <Button type="submit">{t("studio.dataShowtimes.filter.apply")}</Button>
    </Form>
  );
}

export default function Showtimes({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const formatDateTime = useFormatDateTime();
  /** A start on the cinema's own clock with its zone named ("24 nov 2026, 20:15 CET"), in the reader's language. */
  const localTime = (row: Row) => formatDateTime(row.localStartsAt, row.timeZone);
  const [params] = useSearchParams();
  const [adding, setAdding] = useState<number | null>(null);
  const [attempts, setAttempts] = useState(0);
  const [selected, setSelected] = useState<string[]>([]);
  const [reattributing, setReattributing] = useState<{ ids: string[]; attempt: number } | null>(null);
  const [cancelling, setCancelling] = useState<Row | null>(null);
  const { choices } = loaderData;

  const nextAttempt = () => {
    setAttempts((n) => n + 1);
    return attempts + 1;
  };
  const addButton = (
    <Button onClick={() => setAdding(nextAttempt())}>
      <Plus aria-hidden="true" />
      {t("studio.dataShowtimes.new")}
    </Button>
  );
  const statusOptions = (["scheduled", "cancelled"] as const).map((value) => ({
    value,
    label: t(`studio.dataShowtimes.status.${value}`),
  }));
  const sourceOptions = [
    { value: "manual", label: t("studio.dataShowtimes.source.manual") },
    ...choices.sources,
  ];
  const movieOf = (row: Row) => row.movieTitle ?? row.feedTitle;

  const columns: DataTableColumn<Row>[] = [
    {
      key: "startsAt",
      header: t("studio.dataShowtimes.col.startsAt"),
      sortable: true,
      className: "tabular-nums whitespace-nowrap",
      cell: (row) => <time dateTime={row.localStartsAt}>{localTime(row)}</time>,
    },
    {
      key: "cinema",
      header: t("studio.dataShowtimes.col.cinema"),
      sortable: true,
      cell: (row) => <span className="font-medium">{row.cinemaName}</span>,
    },
    {
      key: "city",
      header: t("studio.dataShowtimes.col.city"),
      hideable: true,
      cell: (row) => `${row.city}, ${row.countryCode}`,
    },
    {
      key: "movie",
      header: t("studio.dataShowtimes.col.movie"),
      sortable: true,
      cell: (row) =>
        row.movieTitle ? (
          row.movieTitle
        ) : (
          <span className="inline-flex flex-wrap items-center gap-2">
            <span className="italic">{row.feedTitle}</span>
            <Badge tone="neutral">{t("studio.dataShowtimes.unlinked")}</Badge>
          </span>
        ),
    },
    {
      key: "auditorium",
      header: t("studio.dataShowtimes.col.auditorium"),
      hideable: true,
      cell: (row) => row.auditorium ?? "",
    },
    {
      key: "attributes",
      header: t("studio.dataShowtimes.col.attributes"),
      hideable: true,
      cell: (row) => (
        <span className="flex flex-wrap gap-1">
          {row.attributes.map((code) => (
            <code key={code} className="rounded bg-slate-100 px-1 font-mono text-xs dark:bg-slate-800">
              {code}
            </code>
          ))}
        </span>
      ),
    },
    {
      key: "status",
      header: t("studio.dataShowtimes.col.status"),
      cell: (row) => (
        <Badge tone={row.status === "scheduled" ? "primary" : "neutral"}>
          {t(`studio.dataShowtimes.status.${row.status}`)}
        </Badge>
      ),
    },
    {
      key: "source",
      header: t("studio.dataShowtimes.col.source"),
      hideable: true,
      cell: (row) => row.sourceName ?? t("studio.dataShowtimes.source.manual"),
    },
    {
      key: "availability",
      header: t("studio.dataShowtimes.col.availability"),
      hideable: true,
      cell: (row) => t(`studio.dataShowtimes.availability.${row.availability}`),
    },
    {
      key: "actions",
      header: <span className="sr-only">{t("studio.dataShowtimes.col.actions")}</span>,
      align: "end",
      cell: (row) => (
        <RowActions label={`${movieOf(row)}, ${row.cinemaName}, ${localTime(row)}`}>
          <DropdownMenuItem onSelect={() => setReattributing({ ids: [row.id], attempt: nextAttempt() })}>
            <Link2 aria-hidden="true" />
            {t("studio.dataShowtimes.action.reattribute")}
          </DropdownMenuItem>
          {row.status === "scheduled" ? (
            <DropdownMenuItem tone="danger" onSelect={() => setCancelling(row)}>
              <Ban aria-hidden="true" />
              {t("studio.dataShowtimes.action.cancel")}
            </DropdownMenuItem>
          ) : null}
        </RowActions>
      ),
    },
  ];

  return (
    <div>
      <PageHeader
        title={t("studio.dataShowtimes.title")}
        description={t("studio.dataShowtimes.description")}
        actions={addButton}
      />
      <ShowtimeFilters loaderData={loaderData} />
      <DataTable
        columns={columns}
        rows={loaderData.rows}
        rowKey={(row) => row.id}
        total={loaderData.total}
        totalCapped={loaderData.totalCapped}
        page={loaderData.page}
        pageSize={loaderData.pageSize}
        sort={loaderData.sort}
        caption={t("studio.dataShowtimes.caption")}
        search={false}
        filters={[
          { name: "source", label: t("studio.dataShowtimes.filter.source"), options: sourceOptions },
          { name: "status", label: t("studio.dataShowtimes.filter.status"), options: statusOptions },
        ]}
        emptyTitle={t("studio.dataShowtimes.empty")}
        emptyHint={t("studio.dataShowtimes.emptyHint")}
        emptyAction={addButton}
        exportHref={exportHref(params)}
        actions={
          selected.length > 0 ? (
            <Button
              variant="outline"
              onClick={() => setReattributing({ ids: selected, attempt: nextAttempt() })}
            >
              <Link2 aria-hidden="true" />
              {t("studio.dataShowtimes.action.reattribute")}
            </Button>
          ) : null
        }
        selection={{
          rowLabel: (row) => `${movieOf(row)}, ${row.cinemaName}, ${localTime(row)}`,
          selectedIds: selected,
          onSelectedIdsChange: setSelected,
          actions: [
            {
              key: "cancel",
              label: t("studio.dataShowtimes.bulk.cancel"),
              icon: <Ban aria-hidden="true" />,
              tone: "danger",
              action: SHOWTIMES_PATH,
              confirm: (ids) => ({
                title: t("studio.dataShowtimes.bulk.cancelTitle", { count: ids.length }),
                description: t("studio.dataShowtimes.bulk.cancelDescription"),
                confirmLabel: t("studio.dataShowtimes.bulk.cancelConfirm"),
              }),
            },
          ],
        }}
      />
      <div className="mt-3 grid gap-1 text-sm text-slate-600 dark:text-slate-400">
        {loaderData.totalCapped ? (
          <p role="status">{t("studio.dataShowtimes.totalCapped", { count: loaderData.total - 1 })}</p>
        ) : null}
        <p>{t("studio.dataShowtimes.exportNote", { max: loaderData.exportLimit })}</p>
      </div>

      <Dialog open={adding !== null} onOpenChange={(isOpen) => (isOpen ? null : setAdding(null))}>
        <DialogContent className="sm:max-w-2xl">
          <DialogHeader>
            <DialogTitle>{t("studio.dataShowtimes.form.title")}</DialogTitle>
            <DialogDescription>{t("studio.dataShowtimes.form.description")}</DialogDescription>
          </DialogHeader>
          {adding !== null ? (
            <AddShowtimeForm
              action={SHOWTIMES_PATH}
              fetcherKey={`showtime-${adding}`}
              defaultDate={loaderData.range.from}
              attributes={choices.attributes}
              cinemaSource={CINEMA_OPTIONS_PATH}
              movieSource={MOVIE_OPTIONS_PATH}
              onSaved={() => setAdding(null)}
              secondary={
                <DialogClose asChild>
                  <Button variant="outline">{t("studio.dataShowtimes.form.close")}</Button>
                </DialogClose>
              }
            />
          ) : null}
        </DialogContent>
      </Dialog>

      <Dialog
        open={reattributing !== null}
        onOpenChange={(isOpen) => (isOpen ? null : setReattributing(null))}
      >
        <DialogContent>
          <DialogHeader>
            <DialogTitle>
              {t("studio.dataShowtimes.reattribute.title", { count: reattributing?.ids.length ?? 0 })}
            </DialogTitle>
            <DialogDescription>{t("studio.dataShowtimes.reattribute.description")}</DialogDescription>
          </DialogHeader>
          {reattributing ? (
            <ReattributeForm
              action={SHOWTIMES_PATH}
              fetcherKey={`reattribute-${reattributing.attempt}`}
              ids={reattributing.ids}
              movieSource={MOVIE_OPTIONS_PATH}
              onSaved={() => {
                setReattributing(null);
                setSelected([]);
              }}
              secondary={
                <DialogClose asChild>
                  <Button variant="outline">{t("studio.dataShowtimes.form.close")}</Button>
                </DialogClose>
              }
            />
          ) : null}
        </DialogContent>
      </Dialog>

      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setCancelling(null);
        }}
        title={t("studio.dataShowtimes.cancel.title")}
        description={t("studio.dataShowtimes.cancel.description", {
          movie: cancelling ? movieOf(cancelling) : "",
          cinema: cancelling?.cinemaName ?? "",
          time: cancelling ? localTime(cancelling) : "",
        })}
        confirmLabel={t("studio.dataShowtimes.action.cancel")}
        tone="danger"
        action={SHOWTIMES_PATH}
        fields={{ intent: "cancel", ids: cancelling?.id ?? "" }}
      />
    </div>
  );
}
