import { Ban, Link2 } from "lucide-react";
import { useState } from "react";
import { Form, useSearchParams } from "react-router";
import { useFormatDateTime } from "../../../components/shell/local-time.tsx";
import * as List from "../../../components/studio/list-page.tsx";
import { AddShowtimeForm, ReattributeForm } from "../../../components/studio/showtime-forms.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Combobox } from "../../../components/ui/combobox.tsx";
import { DateRangePicker } from "../../../components/ui/date-range-picker.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { useT } from "../../../lib/i18n.tsx";
import { csvMiddleware } from "../../../lib/list-route.server.ts";
import { titleFrom } from "../../../lib/page-title.ts";
import type { Route } from "./+types/showtimes.ts";
import { CINEMA_OPTIONS_PATH, MOVIE_OPTIONS_PATH, SHOWTIMES_PATH } from "./showtimes-paths.ts";
import { loadShowtimes, showtimesAction, showtimesCsv } from "./showtimes.server.ts";

export const middleware: Route.MiddlewareFunction[] = csvMiddleware(showtimesCsv);
export const meta: Route.MetaFunction = ({ matches }) => [
  { title: titleFrom(matches, "studio.dataShowtimes.title", "Showtimes") },
];
export const loader = ({ request, context }: Route.LoaderArgs) => loadShowtimes(request, context);
export const action = ({ request, context }: Route.ActionArgs) => showtimesAction(request, context);

type Data = Route.ComponentProps["loaderData"];
type Row = Data["rows"][number];

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

/** A showtime's start on the cinema's own clock with its zone named ("24 nov 2026, 20:15 CET"). */
function useLocalTime() {
  const formatDateTime = useFormatDateTime();
  return (row: Row) => formatDateTime(row.localStartsAt, row.timeZone);
}

const movieOf = (row: Row) => row.movieTitle ?? row.feedTitle;

/** What a row is called in its menu's and its checkbox's labels: movie, cinema, start. */
function useRowLabel() {
  const localTime = useLocalTime();
  return (row: Row) => `${movieOf(row)}, ${row.cinemaName}, ${localTime(row)}`;
}

function useShowtimeColumns(): List.DataTableColumn<Row>[] {
  const t = useT();
  const localTime = useLocalTime();
  return [
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
  ];
}

/** The selection's bulk action: cancel every selected showtime (after a confirmation). */
function useBulkCancel() {
  const t = useT();
  return {
    key: "cancel",
    label: t("studio.dataShowtimes.bulk.cancel"),
    icon: <Ban aria-hidden="true" />,
    tone: "danger" as const,
    action: SHOWTIMES_PATH,
    confirm: (ids: readonly string[]) => ({
      title: t("studio.dataShowtimes.bulk.cancelTitle", { count: ids.length }),
      description: t("studio.dataShowtimes.bulk.cancelDescription"),
      confirmLabel: t("studio.dataShowtimes.bulk.cancelConfirm"),
    }),
  };
}

export default function Showtimes({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const rowLabel = useRowLabel();
  const bulkCancel = useBulkCancel();
  const next = List.useAttempts();
  const adder = List.useEditDialog(next);
  const reattributer = List.useEditDialog<string[]>(next);
  const cancelling = List.useRowDialog<Row>();
  const [selected, setSelected] = useState<string[]>([]);
  const { choices } = loaderData;

  const addButton = (
    <List.NewButton onClick={() => adder.open()}>{t("studio.dataShowtimes.new")}</List.NewButton>
  );
  const statusOptions = (["scheduled", "cancelled"] as const).map((value) => ({
    value,
    label: t(`studio.dataShowtimes.status.${value}`),
  }));
  const sourceOptions = [
    { value: "manual", label: t("studio.dataShowtimes.source.manual") },
    ...choices.sources,
  ];
  const columns = useShowtimeColumns();
  const rowActions = (row: Row) => (
    <List.RowActions label={rowLabel(row)}>
      <List.RowAction icon={Link2} onSelect={() => reattributer.open([row.id])}>
        {t("studio.dataShowtimes.action.reattribute")}
      </List.RowAction>
      {row.status === "scheduled" ? (
        <List.RowAction icon={Ban} tone="danger" onSelect={() => cancelling.open(row)}>
          {t("studio.dataShowtimes.action.cancel")}
        </List.RowAction>
      ) : null}
    </List.RowActions>
  );

  return (
    <List.ListPage messages="studio.dataShowtimes" actions={addButton}>
      <ShowtimeFilters loaderData={loaderData} />
      <List.ListTable
        data={loaderData}
        columns={columns}
        rowActions={rowActions}
        search={false}
        filters={[
          { name: "source", label: t("studio.dataShowtimes.filter.source"), options: sourceOptions },
          { name: "status", label: t("studio.dataShowtimes.filter.status"), options: statusOptions },
        ]}
        emptyAction={addButton}
        csv
        actions={
          selected.length > 0 ? (
            <Button variant="outline" onClick={() => reattributer.open(selected)}>
              <Link2 aria-hidden="true" />
              {t("studio.dataShowtimes.action.reattribute")}
            </Button>
          ) : null
        }
        selection={{
          rowLabel,
          selectedIds: selected,
          onSelectedIdsChange: setSelected,
          actions: [bulkCancel],
        }}
      />
      <div className="mt-3 grid gap-1 text-sm text-slate-600 dark:text-slate-400">
        {loaderData.totalCapped ? (
          <p role="status">{t("studio.dataShowtimes.totalCapped", { count: loaderData.total - 1 })}</p>
        ) : null}
        <p>{t("studio.dataShowtimes.exportNote", { max: loaderData.exportLimit })}</p>
      </div>
      <ShowtimeDialogs
        data={loaderData}
        adder={adder}
        reattributer={reattributer}
        onReattributed={() => setSelected([])}
        cancelling={cancelling}
      />
    </List.ListPage>
  );
}

/** Adding a showtime, linking showtimes to another movie, cancelling one. */
function ShowtimeDialogs({
  data,
  adder,
  reattributer,
  onReattributed,
  cancelling,
}: {
  data: Data;
  adder: List.EditDialogState<void>;
  reattributer: List.EditDialogState<string[]>;
  onReattributed: () => void;
  cancelling: List.RowDialogState<Row>;
}) {
  const t = useT();
  const localTime = useLocalTime();
  const close = <List.CancelButton>{t("studio.dataShowtimes.form.close")}</List.CancelButton>;
  const cancelled = cancelling.row;
  return (
    <>
      <List.EditDialog
        dialog={adder}
        className="sm:max-w-2xl"
        title={t("studio.dataShowtimes.form.title")}
        description={t("studio.dataShowtimes.form.description")}
      >
        {({ attempt }) => (
          <AddShowtimeForm
            action={SHOWTIMES_PATH}
            fetcherKey={`showtime-${attempt}`}
            defaultDate={data.range.from}
            attributes={data.choices.attributes}
            cinemaSource={CINEMA_OPTIONS_PATH}
            movieSource={MOVIE_OPTIONS_PATH}
            onSaved={adder.close}
            secondary={close}
          />
        )}
      </List.EditDialog>

      <List.EditDialog
        dialog={reattributer}
        title={t("studio.dataShowtimes.reattribute.title", {
          count: reattributer.editing?.values.length ?? 0,
        })}
        description={t("studio.dataShowtimes.reattribute.description")}
      >
        {({ values: ids, attempt }) => (
          <ReattributeForm
            action={SHOWTIMES_PATH}
            fetcherKey={`reattribute-${attempt}`}
            ids={ids}
            movieSource={MOVIE_OPTIONS_PATH}
            onSaved={() => {
              reattributer.close();
              onReattributed();
            }}
            secondary={close}
          />
        )}
      </List.EditDialog>

      <List.ConfirmDialog
        {...cancelling.dialog}
        title={t("studio.dataShowtimes.cancel.title")}
        description={t("studio.dataShowtimes.cancel.description", {
          movie: cancelled ? movieOf(cancelled) : "",
          cinema: cancelled?.cinemaName ?? "",
          time: cancelled ? localTime(cancelled) : "",
        })}
        confirmLabel={t("studio.dataShowtimes.action.cancel")}
        tone="danger"
        action={SHOWTIMES_PATH}
        fields={{ intent: "cancel", ids: cancelled?.id ?? "" }}
      />
    </>
  );
}
