// /studio/config/credit-offers on the server: the offers (state and visibility filters, search, sort,
// paging, CSV) and their intents: create, update, delete (deactivated when already bought).
import type { RouterContextProvider } from "react-router";
import { createOffer } from "../../../../core/credits/create-offer.ts";
import { deleteOffer } from "../../../../core/credits/delete-offer.ts";
import { createOfferSchema, deleteOfferSchema, updateOfferSchema } from "../../../../core/credits/credit-schemas.ts";
import { listCreditOffers, OFFER_SORTS, OFFER_STATES } from "../../../../core/credits/list-credit-offers.ts";
import { updateOffer } from "../../../../core/credits/update-offer.ts";
import {
  readForm,
  readIntent,
  runForm,
  unknownIntent,
  successToast,
} from "../../../lib/form-action.server.ts";
import { readChoice, readPageClamped } from "../../../lib/table-query.server.ts";
import { readTableParams } from "../../../lib/table-url.ts";
import { allRows, csvResponse } from "../../../lib/csv.server.ts";
import { interfaceText, studioRequest } from "../../../lib/studio-request.server.ts";

const SORT_KEYS = [...new Set(OFFER_SORTS.map((s) => s.replace(/^-/, "")))];
export const OFFER_INTENTS = ["create", "update", "delete"] as const;

function readOfferQuery(url: URL) {
  const table = readTableParams(url.searchParams, { sortKeys: SORT_KEYS, defaultSort: "credits" });
  return {
    table,
    input: {
      search: table.q || undefined,
      state: readChoice(url.searchParams, "state", OFFER_STATES),
      visible: readChoice(url.searchParams, "visible", ["yes", "no"] as const),
      sort: table.sort as (typeof OFFER_SORTS)[number],
    },
  };
}

const day = (date: Date | null) => date?.toISOString().slice(0, 10) ?? null;
/** The last day an offer is on sale (its window ends at the start of the next). */
const lastDay = (date: Date | null) =>
  date ? new Date(date.getTime() - 1).toISOString().slice(0, 10) : null;

export async function loadCreditOffers(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, session } = studioRequest(context);
  const { table, input } = readOfferQuery(new URL(request.url));
  const page = await readPageClamped(
    (n) => listCreditOffers(services, session.actor, { ...input, page: n, pageSize: table.pageSize }),
    table.page,
  );
  return {
    rows: page.rows.map((row) => ({
      ...row,
      activeFrom: day(row.activeFrom),
      activeUntil: lastDay(row.activeUntil),
      createdAt: row.createdAt.toISOString(),
    })),
    total: page.total,
    page: page.page,
    pageSize: page.pageSize,
    sort: table.sort,
  };
}

export async function creditOffersCsv(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, session } = studioRequest(context);
  const { input } = readOfferQuery(new URL(request.url));
  const rows = await allRows((page, pageSize) =>
    listCreditOffers(services, session.actor, { ...input, page, pageSize }),
  );
  return csvResponse(
    "credit-offers",
    [
      "csv.column.id",
      "studio.credits.offers.col.name",
      "studio.credits.offers.col.credits",
      "csv.column.priceMinor",
      "csv.column.currency",
      "csv.column.activeFrom",
      "csv.column.activeUntil",
      "csv.column.visibleToClients",
      "studio.credits.offers.col.state",
      "studio.credits.offers.col.purchases",
    ],
    rows.map((r) => [
      r.id,
      r.name,
      r.credits,
      r.price,
      r.currency,
      day(r.activeFrom),
      lastDay(r.activeUntil),
      r.visibleToClients,
      r.state,
      r.purchases,
    ]),
    services.now(),
    interfaceText(request, services),
  );
}

export async function creditOffersAction(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, session } = studioRequest(context);
  const { actor } = session;
  const form = await readForm(request);
  const intent = readIntent(form, OFFER_INTENTS);
  switch (intent) {
    case "create":
      return runForm(
        intent,
        form,
        createOfferSchema,
        (value) => createOffer(services, actor, value),
        (offer) => successToast("studio.credits.offers.toast.created", { name: offer.name }),
      );
    case "update":
      return runForm(
        intent,
        form,
        updateOfferSchema,
        (value) => updateOffer(services, actor, value),
        (offer) => successToast("studio.credits.offers.toast.saved", { name: offer.name }),
      );
    case "delete":
      return runForm(
        intent,
        form,
        deleteOfferSchema,
        (value) => deleteOffer(services, actor, value),
        (result) =>
          successToast(
            result.outcome === "deleted"
              ? "studio.credits.offers.toast.deleted"
              : "studio.credits.offers.toast.deactivated",
            { name: result.name },
          ),
        { toastOnError: true },
      );
    default:
      return unknownIntent();
  }
}
