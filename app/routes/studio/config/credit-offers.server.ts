// /studio/config/credit-offers on the server: the offers (state and visibility filters, search, sort,
// paging, CSV) and their intents: create, update, delete (deactivated when already bought).
import type { RouterContextProvider } from "react-router";
import { createOffer } from "../../../../core/credits/create-offer.ts";
import { deleteOffer } from "../../../../core/credits/delete-offer.ts";
import {
  createOfferSchema,
  deleteOfferSchema,
  updateOfferSchema,
} from "../../../../core/credits/credit-schemas.ts";
import { listCreditOffers, OFFER_SORTS, OFFER_STATES } from "../../../../core/credits/list-credit-offers.ts";
import { updateOffer } from "../../../../core/credits/update-offer.ts";
import { readForm, successToast } from "../../../lib/form-action.server.ts";
import { readChoice } from "../../../lib/table-query.server.ts";
import { formIntent, listRoute, namedToast, runIntent, studioActor } from "../../../lib/list-route.server.ts";

const day = (date: Date | null) => date?.toISOString().slice(0, 10) ?? null;
/** The last day an offer is on sale (its window ends at the start of the next). */
const lastDay = (date: Date | null) =>
  date ? new Date(date.getTime() - 1).toISOString().slice(0, 10) : null;

const offers = listRoute({
  sorts: OFFER_SORTS,
  defaultSort: "credits",
  filters: (params) => ({
    state: readChoice(params, "state", OFFER_STATES),
    visible: readChoice(params, "visible", ["yes", "no"] as const),
  }),
  list: listCreditOffers,
  csv: {
    name: "credit-offers",
    columns: [
      "id",
      ["studio.credits.offers.col.name", "name"],
      ["studio.credits.offers.col.credits", "credits"],
      ["csv.column.priceMinor", "price"],
      "currency",
      ["csv.column.activeFrom", (r) => day(r.activeFrom)],
      ["csv.column.activeUntil", (r) => lastDay(r.activeUntil)],
      "visibleToClients",
      ["studio.credits.offers.col.state", "state"],
      ["studio.credits.offers.col.purchases", "purchases"],
    ],
  },
});

export async function loadCreditOffers(request: Request, context: Readonly<RouterContextProvider>) {
  const page = await offers.load(request, context);
  return {
    ...page,
    rows: page.rows.map((row) => ({
      ...row,
      activeFrom: day(row.activeFrom),
      activeUntil: lastDay(row.activeUntil),
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

export const creditOffersCsv = offers.csv;

const OFFER_INTENTS = {
  create: formIntent(createOfferSchema, createOffer, namedToast("studio.credits.offers.toast.created")),
  update: formIntent(updateOfferSchema, updateOffer, namedToast("studio.credits.offers.toast.saved")),
  delete: formIntent(
    deleteOfferSchema,
    deleteOffer,
    (result) =>
      successToast(
        result.outcome === "deleted"
          ? "studio.credits.offers.toast.deleted"
          : "studio.credits.offers.toast.deactivated",
        { name: result.name },
      ),
    { toastOnError: true },
  ),
};

export async function creditOffersAction(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, actor } = studioActor(context);
  return runIntent(await readForm(request), OFFER_INTENTS, services, actor);
}
