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
import { formIntent, runIntent, studioActor } from "../../../lib/list-route.server.ts";
import { listRoute } from "../list-query.server.ts";

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
      ["csv.column.id", (r) => r.id],
      ["studio.credits.offers.col.name", (r) => r.name],
      ["studio.credits.offers.col.credits", (r) => r.credits],
      ["csv.column.priceMinor", (r) => r.price],
      ["csv.column.currency", (r) => r.currency],
      ["csv.column.activeFrom", (r) => day(r.activeFrom)],
      ["csv.column.activeUntil", (r) => lastDay(r.activeUntil)],
      ["csv.column.visibleToClients", (r) => r.visibleToClients],
      ["studio.credits.offers.col.state", (r) => r.state],
      ["studio.credits.offers.col.purchases", (r) => r.purchases],
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
  create: formIntent(createOfferSchema, createOffer, (offer) =>
    successToast("studio.credits.offers.toast.created", { name: offer.name }),
  ),
  update: formIntent(updateOfferSchema, updateOffer, (offer) =>
    successToast("studio.credits.offers.toast.saved", { name: offer.name }),
  ),
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
