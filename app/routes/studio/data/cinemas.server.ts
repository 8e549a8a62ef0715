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
import { formIntent, listRoute, namedToast, studioActor } from "../../../lib/list-route.server.ts";
import { readChoice } from "../../../lib/table-query.server.ts";
import { loadFeeds } from "./feeds.server.ts";
import { catalogAction } from "./catalog-action.server.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const cinemaList = listRoute({
  sorts: CINEMA_SORTS,
  defaultSort: "name",
  filters: (params) => {
    const country = params.get("country")?.trim().toUpperCase();
    const chain = params.get("chain")?.trim();
    return {
      // A filter value that is not one shows every cinema rather than an error page.
      country: country && /^[A-Z]{2}$/.test(country) ? country : undefined,
      chain: chain && UUID.test(chain) ? chain : undefined,
      status: readChoice(params, "status", CINEMA_STATUSES),
    };
  },
  list: listCinemas,
  csv: {
    name: "cinemas",
    columns: [
      "id",
      ["studio.cinemas.col.name", "name"],
      ["studio.cinemas.col.slug", "slug"],
      ["studio.cinemas.col.chain", "chainName"],
      "address",
      "postalCode",
      ["studio.cinemas.col.city", "city"],
      ["studio.cinemas.col.country", "countryCode"],
      "latitude",
      "longitude",
      ["studio.cinemas.col.timeZone", "timeZone"],
      "website",
      "bookingUrlTemplate",
      ["studio.cinemas.col.status", "status"],
    ],
  },
});

export async function loadCinemas(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, actor } = studioActor(context);
  const [page, countries, chains, feeds] = await Promise.all([
    cinemaList.load(request, context),
    countryChoices(services),
    chainChoices(services),
    loadFeeds(services, actor, new URL(request.url), "cinemaId"),
  ]);
  return { ...page, countries, chains, feeds };
}

export const cinemasCsv = cinemaList.csv;

const CINEMA_INTENTS = {
  create: formIntent(createCinemaSchema, createCinema, namedToast("studio.cinemas.toast.created")),
  update: formIntent(updateCinemaSchema, updateCinema, namedToast("studio.cinemas.toast.saved")),
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
