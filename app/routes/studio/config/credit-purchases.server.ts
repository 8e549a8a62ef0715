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
import { messageRef } from "../../../../core/i18n/message-ref.ts";
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
import { clientChoices, readId } from "./credits.server.ts";

const SORT_KEYS = [...new Set(PURCHASE_SORTS.map((s) => s.replace(/^-/, "")))];
export const PURCHASE_INTENTS = ["record", "confirm", "cancel", "refund"] as const;

function readPurchaseQuery(url: URL) {
  const table = readTableParams(url.searchParams, { sortKeys: SORT_KEYS, defaultSort: "-createdAt" });
  return {
    table,
    input: {
      search: table.q || undefined,
      status: readChoice(url.searchParams, "status", PURCHASE_STATUSES),
      clientId: readId(url.searchParams, "clientId"),
      sort: table.sort as (typeof PURCHASE_SORTS)[number],
    },
  };
}

export async function loadCreditPurchases(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, session } = studioRequest(context);
  const { table, input } = readPurchaseQuery(new URL(request.url));
  const [page, clients, offers] = await Promise.all([
    readPageClamped(
      (n) => listCreditPurchases(services, session.actor, { ...input, page: n, pageSize: table.pageSize }),
      table.page,
    ),
    clientChoices(services, session),
    listCreditOffers(services, session.actor, { pageSize: 200, sort: "credits" }),
  ]);
  return {
    rows: page.rows.map((row) => ({
      ...row,
      paidAt: row.paidAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    })),
    total: page.total,
    page: page.page,
    pageSize: page.pageSize,
    sort: table.sort,
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

export async function creditPurchasesCsv(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, session } = studioRequest(context);
  const { input } = readPurchaseQuery(new URL(request.url));
  const rows = await allRows((page, pageSize) =>
    listCreditPurchases(services, session.actor, { ...input, page, pageSize }),
  );
  return csvResponse(
    "credit-purchases",
    [
      "csv.column.id",
      "studio.credits.purchases.col.created",
      "csv.column.clientId",
      "studio.credits.purchases.col.client",
      "studio.credits.purchases.col.offer",
      "studio.credits.purchases.col.credits",
      "csv.column.amountMinor",
      "csv.column.currency",
      "studio.credits.purchases.col.status",
      "studio.credits.purchases.col.invoiceRef",
      "csv.column.requestedBy",
      "csv.column.recordedBy",
      "csv.column.paidAt",
    ],
    rows.map((r) => [
      r.id,
      r.createdAt,
      r.clientId,
      r.clientName,
      r.offerName,
      r.credits,
      r.amount,
      r.currency,
      r.status,
      r.invoiceRef,
      r.requestedByName,
      r.recordedByName,
      r.paidAt,
    ]),
    services.now(),
    interfaceText(request, services),
  );
}

export async function creditPurchasesAction(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, session } = studioRequest(context);
  const { actor } = session;
  const form = await readForm(request);
  const intent = readIntent(form, PURCHASE_INTENTS);
  switch (intent) {
    case "record":
      return runForm(
        intent,
        form,
        recordPurchaseSchema,
        (value) => recordPurchase(services, actor, value),
        (p) =>
          successToast("studio.credits.purchases.toast.recorded", {
            credits: p.credits,
            balance: p.balance,
          }),
      );
    case "confirm":
      return runForm(
        intent,
        form,
        confirmPurchaseSchema,
        (value) => confirmPurchase(services, actor, value),
        (p) =>
          successToast("studio.credits.purchases.toast.confirmed", {
            credits: p.credits,
            balance: p.balance,
          }),
      );
    case "cancel":
      return runForm(
        intent,
        form,
        cancelPurchaseSchema,
        (value) => cancelPurchase(services, actor, value),
        () => ({
          toast: { kind: "success", message: messageRef("studio.credits.purchases.toast.cancelled") },
        }),
        { toastOnError: true },
      );
    case "refund":
      return runForm(
        intent,
        form,
        refundPurchaseSchema,
        (value) => refundPurchase(services, actor, value),
        (p) =>
          successToast("studio.credits.purchases.toast.refunded", {
            credits: p.credits,
            balance: p.balance,
          }),
      );
    default:
      return unknownIntent();
  }
}
