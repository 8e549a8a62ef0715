// /studio/data/cinemas on the server (super admins only, by the route guard and again here): the list
// (search, country/chain/status filters, sort, paging, CSV) and the intents create, update and status.
import type { RouterContextProvider } from "react-router";
import {
  CINEMA_STATUSES,
  createCinemaSchema,
  setCinemaStatusSchema,
  updateCinemaSchema,
} from "../../../../core/catalog/cinemas/cinema-schemas.ts";
import { createCinema } from "../../../../core/catalog/cinemas/create-cinema.ts";
import { chainChoices, countryChoices } from "../../../../core/catalog/cinemas/list-cinema-chains.ts";
import { CINEMA_SORTS, listCinemas } from "../../../../core/catalog/cinemas/list-cinema-rows.ts";
import { setCinemaStatus } from "../../../../core/catalog/cinemas/set-cinema-status.ts";
import { updateCinema } from "../../../../core/catalog/cinemas/update-cinema.ts";
import {
  readForm,
  readIntent,
  runForm,
  unknownIntent,
  successToast,
} from "../../../lib/form-action.server.ts";
import { readPageClamped } from "../../../lib/table-query.server.ts";
import { readTableParams } from "../../../lib/table-url.ts";
import { allRows, csvResponse } from "../../../lib/csv.server.ts";
import { interfaceText, studioRequest } from "../../../lib/studio-request.server.ts";
import { FEED_INTENTS, feedsAction, loadFeeds } from "./feeds.server.ts";
import { refuseUnlessSuperAdmin } from "./catalog.server.ts";

const SORT_KEYS = [...new Set(CINEMA_SORTS.map((s) => s.replace(/^-/, "")))];
export const CINEMA_INTENTS = ["create", "update", "status"] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function readCinemaQuery(url: URL) {
  const table = readTableParams(url.searchParams, { sortKeys: SORT_KEYS, defaultSort: "name" });
  const country = url.searchParams.get("country")?.trim().toUpperCase();
  const chain = url.searchParams.get("chain")?.trim();
  const status = CINEMA_STATUSES.find((s) => s === url.searchParams.get("status"));
  return {
    table,
    input: {
      search: table.q || undefined,
      // A filter value that is not one shows every cinema rather than an error page.
      country: country && /^[A-Z]{2}$/.test(country) ? country : undefined,
      chain: chain && UUID.test(chain) ? chain : undefined,
      status,
      sort: table.sort as (typeof CINEMA_SORTS)[number],
    },
  };
}

export async function loadCinemas(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, session } = studioRequest(context);
  const { table, input } = readCinemaQuery(new URL(request.url));
  const [page, countries, chains, feeds] = await Promise.all([
    readPageClamped(
      (n) => listCinemas(services, session.actor, { ...input, page: n, pageSize: table.pageSize }),
      table.page,
    ),
    countryChoices(services),
    chainChoices(services),
    loadFeeds(services, session.actor, new URL(request.url), "cinemaId"),
  ]);
  return {
    rows: page.rows,
    total: page.total,
    page: page.page,
    pageSize: page.pageSize,
    sort: table.sort,
    countries,
    chains,
    feeds,
  };
}

export async function cinemasCsv(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, session } = studioRequest(context);
  const { input } = readCinemaQuery(new URL(request.url));
  const rows = await allRows((page, pageSize) =>
    listCinemas(services, session.actor, { ...input, page, pageSize }),
  );
  return csvResponse(
    "cinemas",
    [
      "csv.column.id",
      "studio.cinemas.col.name",
      "studio.cinemas.col.slug",
      "studio.cinemas.col.chain",
      "csv.column.address",
      "csv.column.postalCode",
      "studio.cinemas.col.city",
      "studio.cinemas.col.country",
      "csv.column.latitude",
      "csv.column.longitude",
      "studio.cinemas.col.timeZone",
      "csv.column.website",
      "csv.column.bookingUrlTemplate",
      "studio.cinemas.col.status",
    ],
    rows.map((r) => [
      r.id,
      r.name,
      r.slug,
      r.chainName,
      r.address,
      r.postalCode,
      r.city,
      r.countryCode,
      r.latitude,
      r.longitude,
      r.timeZone,
      r.website,
      r.bookingUrlTemplate,
      r.status,
    ]),
    services.now(),
    interfaceText(request, services),
  );
}

export async function cinemasAction(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, session } = studioRequest(context);
  const { actor } = session;
  const refused = refuseUnlessSuperAdmin(actor);
  if (refused) return refused;
  const form = await readForm(request);
  const feedIntent = readIntent(form, FEED_INTENTS);
  if (feedIntent) return feedsAction(feedIntent, form, services, actor);
  const intent = readIntent(form, CINEMA_INTENTS);
  switch (intent) {
    case "create":
      return runForm(
        intent,
        form,
        createCinemaSchema,
        (value) => createCinema(services, actor, value),
        (cinema) => successToast("studio.cinemas.toast.created", { name: cinema.name }),
      );
    case "update":
      return runForm(
        intent,
        form,
        updateCinemaSchema,
        (value) => updateCinema(services, actor, value),
        (cinema) => successToast("studio.cinemas.toast.saved", { name: cinema.name }),
      );
    case "status":
      return runForm(
        intent,
        form,
        setCinemaStatusSchema,
        (value) => setCinemaStatus(services, actor, value),
        (cinema) =>
          successToast(
            cinema.status === "closed" ? "studio.cinemas.toast.closed" : "studio.cinemas.toast.reopened",
            { name: cinema.name },
          ),
        { toastOnError: true },
      );
    default:
      return unknownIntent();
  }
}
