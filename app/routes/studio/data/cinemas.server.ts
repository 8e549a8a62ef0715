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
import { successToast } from "../../../lib/form-action.server.ts";
import { formIntent, listCsv, loadListPage, studioActor } from "../../../lib/list-route.server.ts";
import { readTableParams } from "../../../lib/table-url.ts";
import { loadFeeds } from "./feeds.server.ts";
import { catalogAction } from "./catalog-action.server.ts";

const SORT_KEYS = [...new Set(CINEMA_SORTS.map((s) => s.replace(/^-/, "")))];
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
  const { services, actor } = studioActor(context);
  const { table, input } = readCinemaQuery(new URL(request.url));
  const [page, countries, chains, feeds] = await Promise.all([
    loadListPage((page, pageSize) => listCinemas(services, actor, { ...input, page, pageSize }), table),
    countryChoices(services),
    chainChoices(services),
    loadFeeds(services, actor, new URL(request.url), "cinemaId"),
  ]);
  return { ...page, countries, chains, feeds };
}

export async function cinemasCsv(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, actor } = studioActor(context);
  const { input } = readCinemaQuery(new URL(request.url));
  return listCsv(request, services, {
    name: "cinemas",
    read: (page, pageSize) => listCinemas(services, actor, { ...input, page, pageSize }),
    columns: [
      ["csv.column.id", (r) => r.id],
      ["studio.cinemas.col.name", (r) => r.name],
      ["studio.cinemas.col.slug", (r) => r.slug],
      ["studio.cinemas.col.chain", (r) => r.chainName],
      ["csv.column.address", (r) => r.address],
      ["csv.column.postalCode", (r) => r.postalCode],
      ["studio.cinemas.col.city", (r) => r.city],
      ["studio.cinemas.col.country", (r) => r.countryCode],
      ["csv.column.latitude", (r) => r.latitude],
      ["csv.column.longitude", (r) => r.longitude],
      ["studio.cinemas.col.timeZone", (r) => r.timeZone],
      ["csv.column.website", (r) => r.website],
      ["csv.column.bookingUrlTemplate", (r) => r.bookingUrlTemplate],
      ["studio.cinemas.col.status", (r) => r.status],
    ],
  });
}

const CINEMA_INTENTS = {
  create: formIntent(createCinemaSchema, createCinema, (cinema) =>
    successToast("studio.cinemas.toast.created", { name: cinema.name }),
  ),
  update: formIntent(updateCinemaSchema, updateCinema, (cinema) =>
    successToast("studio.cinemas.toast.saved", { name: cinema.name }),
  ),
  status: formIntent(
    setCinemaStatusSchema,
    setCinemaStatus,
    (cinema) =>
      successToast(
        cinema.status === "closed" ? "studio.cinemas.toast.closed" : "studio.cinemas.toast.reopened",
        { name: cinema.name },
      ),
    { toastOnError: true },
  ),
};

export const cinemasAction = (request: Request, context: Readonly<RouterContextProvider>) =>
  catalogAction(request, context, CINEMA_INTENTS, { feeds: true });
