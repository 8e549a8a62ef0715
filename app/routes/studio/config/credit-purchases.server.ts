// /studio/config/credit-purchases on the server: the purchases (status and client filters, search, sort,
// paging, CSV) and the intents record (a paid purchase), confirm, cancel and refund.
import type { RouterContextProvider } from "react-router";
import { cancelPurchase } from "../../../../core/credits/cancel-purchase.ts";
import { confirmPurchase } from "../../../../core/credits/confirm-purchase.ts";
import {
  cancelPurchaseSchema,
  confirmPurchaseSchema,
  PURCHASE_STATUSES,
  recordPurchaseSchema,
  refundPurchaseSchema,
} from "../../../../core/credits/credit-schemas.ts";
import { listCreditOffers } from "../../../../core/credits/list-credit-offers.ts";
import { listCreditPurchases, PURCHASE_SORTS } from "../../../../core/credits/list-credit-purchases.ts";
import { recordPurchase } from "../../../../core/credits/record-purchase.ts";
import { refundPurchase } from "../../../../core/credits/refund-purchase.ts";
import { readForm, successToast } from "../../../lib/form-action.server.ts";
import { formIntent, listRoute, runIntent, studioActor } from "../../../lib/list-route.server.ts";
import { studioRequest } from "../../../lib/studio-request.server.ts";
import { readChoice } from "../../../lib/table-query.server.ts";
import { clientChoices, readId } from "./credits.server.ts";

const purchaseList = listRoute({
  sorts: PURCHASE_SORTS,
  defaultSort: "-createdAt",
  filters: (params) => ({
    status: readChoice(params, "status", PURCHASE_STATUSES),
    clientId: readId(params, "clientId"),
  }),
  list: listCreditPurchases,
  csv: {
    name: "credit-purchases",
    columns: [
      "id",
      ["studio.credits.purchases.col.created", "createdAt"],
      "clientId",
      ["studio.credits.purchases.col.client", "clientName"],
      ["studio.credits.purchases.col.offer", "offerName"],
      ["studio.credits.purchases.col.credits", "credits"],
      ["csv.column.amountMinor", "amount"],
      "currency",
      ["studio.credits.purchases.col.status", "status"],
      ["studio.credits.purchases.col.invoiceRef", "invoiceRef"],
      ["csv.column.requestedBy", "requestedByName"],
      ["csv.column.recordedBy", "recordedByName"],
      "paidAt",
    ],
  },
});

export async function loadCreditPurchases(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, session } = studioRequest(context);
  const { actor } = session;
  const [purchases, clients, offers] = await Promise.all([
    purchaseList.load(request, context),
    clientChoices(services, session),
    listCreditOffers(services, actor, { pageSize: 200, sort: "credits" }),
  ]);
  return {
    ...purchases,
    rows: purchases.rows.map((row) => ({
      ...row,
      paidAt: row.paidAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    })),
    clients,
    offers: offers.rows.map((o) => ({
      id: o.id,
      name: o.name,
      credits: o.credits,
      price: o.price,
      currency: o.currency,
      state: o.state,
    })),
  };
}

export const creditPurchasesCsv = purchaseList.csv;

type BalanceToast = "recorded" | "confirmed" | "refunded";
/** A success saying how many credits moved and the client's balance after. */
const balanceToast =
  (key: BalanceToast) =>
  ({ credits, balance }: { credits: number; balance: number }) =>
    successToast(`studio.credits.purchases.toast.${key}`, { credits, balance });

const PURCHASE_INTENTS = {
  record: formIntent(recordPurchaseSchema, recordPurchase, balanceToast("recorded")),
  confirm: formIntent(confirmPurchaseSchema, confirmPurchase, balanceToast("confirmed")),
  cancel: formIntent(
    cancelPurchaseSchema,
    cancelPurchase,
    () => successToast("studio.credits.purchases.toast.cancelled"),
    { toastOnError: true },
  ),
  refund: formIntent(refundPurchaseSchema, refundPurchase, balanceToast("refunded")),
};

export async function creditPurchasesAction(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, actor } = studioActor(context);
  return runIntent(await readForm(request), PURCHASE_INTENTS, services, actor);
}
