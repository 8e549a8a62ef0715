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
import { formIntent, runIntent, studioActor } from "../../../lib/list-route.server.ts";
import { studioRequest } from "../../../lib/studio-request.server.ts";
import { readChoice } from "../../../lib/table-query.server.ts";
import { listRoute } from "../list-query.server.ts";
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
      ["csv.column.id", (r) => r.id],
      ["studio.credits.purchases.col.created", (r) => r.createdAt],
      ["csv.column.clientId", (r) => r.clientId],
      ["studio.credits.purchases.col.client", (r) => r.clientName],
      ["studio.credits.purchases.col.offer", (r) => r.offerName],
      ["studio.credits.purchases.col.credits", (r) => r.credits],
      ["csv.column.amountMinor", (r) => r.amount],
      ["csv.column.currency", (r) => r.currency],
      ["studio.credits.purchases.col.status", (r) => r.status],
      ["studio.credits.purchases.col.invoiceRef", (r) => r.invoiceRef],
      ["csv.column.requestedBy", (r) => r.requestedByName],
      ["csv.column.recordedBy", (r) => r.recordedByName],
      ["csv.column.paidAt", (r) => r.paidAt],
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
