// /studio/data/showtimes on the server (super admins only, by the route guard and again here): the list
// (cinema / movie / listing days / source / status filters, sort, paging, CSV of the current filter) and
// the intents add, cancel (one or a selection) and reattribute.
import type { RouterContextProvider } from "react-router";
import { addShowtime } from "../../../../core/showtimes/add-showtime.ts";
import { cancelShowtimes } from "../../../../core/showtimes/cancel-showtimes.ts";
import { exportShowtimeRows } from "../../../../core/showtimes/export-showtime-rows.ts";
import { addDays } from "../../../../core/showtimes/listing-day.ts";
import {
  listShowtimeRows,
  MANUAL_SOURCE,
  MAX_RANGE_DAYS,
  SHOWTIME_SORTS,
  type ListShowtimeRowsInput,
} from "../../../../core/showtimes/list-showtime-rows.ts";
import { reattributeShowtimes } from "../../../../core/showtimes/reattribute-showtimes.ts";
import { showtimeFilterChoices } from "../../../../core/showtimes/showtime-filter-choices.ts";
import {
  addShowtimeSchema,
  cancelShowtimesSchema,
  isIsoDay,
  reattributeShowtimesSchema,
  SHOWTIME_STATUSES,
} from "../../../../core/showtimes/showtime-schemas.ts";
import { successToast } from "../../../lib/form-action.server.ts";
import { formIntent, listCsv, studioActor } from "../../../lib/list-route.server.ts";
import { readChoice, readPageClamped } from "../../../lib/table-query.server.ts";
import { readTableParams } from "../../../lib/table-url.ts";
import { EXPORT_ROW_LIMIT } from "../../../lib/csv.server.ts";
import { catalogAction } from "./catalog-action.server.ts";

const SORT_KEYS = [...new Set(SHOWTIME_SORTS.map((s) => s.replace(/^-/, "")))];
/** Days shown when the URL names none: today and the seven after it. */
export const DEFAULT_RANGE_DAYS = 7;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const uuidParam = (params: URLSearchParams, name: string) => {
  const value = params.get(name)?.trim();
  return value && UUID.test(value) ? value : undefined;
};

/**
 * The URL's filters. A value that is not one is ignored (every showtime rather than an error page); a
 * range whose last day is before its first (or longer than a year) lists the default days and says why.
 */
function readShowtimeQuery(url: URL, today: string) {
  const params = url.searchParams;
  const table = readTableParams(params, { sortKeys: SORT_KEYS, defaultSort: "startsAt" });
  const askedFrom = params.get("from") ?? "";
  const askedTo = params.get("to") ?? "";
  let from = isIsoDay(askedFrom) ? askedFrom : today;
  let to = isIsoDay(askedTo) ? askedTo : addDays(from, DEFAULT_RANGE_DAYS);
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000;
  const rangeError =
    days < 0
      ? ("studio.dataShowtimes.validation.rangeOrder" as const)
      : days >= MAX_RANGE_DAYS
        ? ("studio.dataShowtimes.validation.rangeLong" as const)
        : null;
  if (rangeError) {
    from = today;
    to = addDays(today, DEFAULT_RANGE_DAYS);
  }
  const source = params.get("source") ?? "";
  const input: ListShowtimeRowsInput = {
    cinemaId: uuidParam(params, "cinema"),
    movieId: uuidParam(params, "movie"),
    sourceId: source === MANUAL_SOURCE || UUID.test(source) ? source : undefined,
    status: readChoice(params, "status", SHOWTIME_STATUSES),
    from,
    to,
    sort: table.sort as (typeof SHOWTIME_SORTS)[number],
  };
  return {
    table,
    input,
    range: { from: askedFrom && rangeError ? askedFrom : from, to: askedTo && rangeError ? askedTo : to },
    rangeError,
  };
}

/** Today's date (UTC) is where the default range starts. */
const todayOf = (now: Date) => now.toISOString().slice(0, 10);

export async function loadShowtimes(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, actor } = studioActor(context);
  const { table, input, range, rangeError } = readShowtimeQuery(
    new URL(request.url),
    todayOf(services.now()),
  );
  const [page, choices] = await Promise.all([
    readPageClamped(
      (n) => listShowtimeRows(services, actor, { ...input, page: n, pageSize: table.pageSize }),
      table.page,
    ),
    showtimeFilterChoices(services, actor, { cinemaId: input.cinemaId, movieId: input.movieId }),
  ]);
  return {
    rows: page.rows.map((row) => ({ ...row, startsAt: row.startsAt.toISOString() })),
    total: page.total,
    totalCapped: page.totalCapped,
    page: page.page,
    pageSize: page.pageSize,
    sort: table.sort,
    range,
    rangeError,
    choices,
    exportLimit: EXPORT_ROW_LIMIT,
  };
}

export async function showtimesCsv(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, actor } = studioActor(context);
  const { input } = readShowtimeQuery(new URL(request.url), todayOf(services.now()));
  return listCsv(request, services, {
    name: "showtimes",
    // At most EXPORT_ROW_LIMIT rows (the page says so), in the table's order.
    rows: await exportShowtimeRows(services, actor, input, EXPORT_ROW_LIMIT),
    columns: [
      "id",
      ["studio.dataShowtimes.col.startsAt", "localStartsAt"],
      ["csv.column.startsAtUtc", "startsAt"],
      "timeZone",
      ["studio.dataShowtimes.col.cinema", "cinemaName"],
      ["studio.dataShowtimes.col.city", "city"],
      ["csv.column.country", "countryCode"],
      ["studio.dataShowtimes.col.movie", "movieTitle"],
      "feedTitle",
      ["studio.dataShowtimes.col.auditorium", "auditorium"],
      ["studio.dataShowtimes.col.attributes", (r) => r.attributes.join(" ")],
      "audioLanguage",
      ["csv.column.subtitleLanguages", (r) => r.subtitleLanguages.join(" ")],
      "bookingUrl",
      ["csv.column.priceMin", (r) => (r.priceMin === null ? null : r.priceMin / 100)],
      ["csv.column.priceMax", (r) => (r.priceMax === null ? null : r.priceMax / 100)],
      "currency",
      ["studio.dataShowtimes.col.availability", "availability"],
      ["studio.dataShowtimes.col.status", "status"],
      ["studio.dataShowtimes.col.source", (r) => r.sourceName ?? MANUAL_SOURCE],
    ],
  });
}

const SHOWTIME_INTENTS = {
  add: formIntent(addShowtimeSchema, addShowtime, (added) =>
    successToast("studio.dataShowtimes.toast.added", {
      movie: added.movieTitle,
      cinema: added.cinemaName,
      date: added.date,
      time: added.time,
    }),
  ),
  cancel: formIntent(
    cancelShowtimesSchema,
    cancelShowtimes,
    (result) =>
      successToast("studio.dataShowtimes.toast.cancelled", {
        count: result.cancelled.length,
        already: result.alreadyCancelled.length,
      }),
    { toastOnError: true },
  ),
  reattribute: formIntent(reattributeShowtimesSchema, reattributeShowtimes, (result) =>
    successToast("studio.dataShowtimes.toast.reattributed", {
      count: result.changed.length + result.unchanged.length,
      movie: result.movie.title,
    }),
  ),
};

export const showtimesAction = (request: Request, context: Readonly<RouterContextProvider>) =>
  catalogAction(request, context, SHOWTIME_INTENTS);
