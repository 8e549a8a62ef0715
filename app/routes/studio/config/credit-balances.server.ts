// /studio/config/credit-balances on the server: every client's balance, threshold and low flag (search,
// level filter, sort, paging, CSV) and the intents adjust (with a reason) and threshold.
import type { RouterContextProvider } from "react-router";
import { adjustBalance } from "../../../../core/credits/adjust-balance.ts";
import { adjustBalanceSchema, setThresholdSchema } from "../../../../core/credits/credit-schemas.ts";
import {
  BALANCE_LEVELS,
  BALANCE_SORTS,
  listCreditBalances,
} from "../../../../core/credits/list-credit-balances.ts";
import { setLowBalanceThreshold } from "../../../../core/credits/set-low-balance-threshold.ts";
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

const SORT_KEYS = [...new Set(BALANCE_SORTS.map((s) => s.replace(/^-/, "")))];
export const BALANCE_INTENTS = ["adjust", "threshold"] as const;

function readBalanceQuery(url: URL) {
  const table = readTableParams(url.searchParams, { sortKeys: SORT_KEYS, defaultSort: "name" });
  return {
    table,
    input: {
      search: table.q || undefined,
      level: readChoice(url.searchParams, "level", BALANCE_LEVELS),
      sort: table.sort as (typeof BALANCE_SORTS)[number],
    },
  };
}

export async function loadCreditBalances(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, session } = studioRequest(context);
  const { table, input } = readBalanceQuery(new URL(request.url));
  const page = await readPageClamped(
    (n) => listCreditBalances(services, session.actor, { ...input, page: n, pageSize: table.pageSize }),
    table.page,
  );
  return {
    rows: page.rows.map((row) => ({ ...row, updatedAt: row.updatedAt?.toISOString() ?? null })),
    total: page.total,
    page: page.page,
    pageSize: page.pageSize,
    sort: table.sort,
  };
}

export async function creditBalancesCsv(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, session } = studioRequest(context);
  const { input } = readBalanceQuery(new URL(request.url));
  const rows = await allRows((page, pageSize) =>
    listCreditBalances(services, session.actor, { ...input, page, pageSize }),
  );
  return csvResponse(
    "credit-balances",
    [
      "csv.column.clientId",
      "studio.credits.balances.col.client",
      "csv.column.slug",
      "studio.credits.balances.col.balance",
      "studio.credits.balances.col.threshold",
      "csv.column.lowBalance",
    ],
    rows.map((r) => [r.clientId, r.name, r.slug, r.balance, r.threshold, r.low]),
    services.now(),
    interfaceText(request, services),
  );
}

export async function creditBalancesAction(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, session } = studioRequest(context);
  const { actor } = session;
  const form = await readForm(request);
  const intent = readIntent(form, BALANCE_INTENTS);
  switch (intent) {
    case "adjust":
      return runForm(
        intent,
        form,
        adjustBalanceSchema,
        async (value) => ({ ...(await adjustBalance(services, actor, value)), name: value.name ?? "" }),
        (result) => ({
          resetForm: true,
          toast: {
            kind: "success",
            message: messageRef("studio.credits.balances.toast.adjusted", {
              name: result.name,
              delta: result.delta,
              balance: result.balance,
            }),
          },
        }),
      );
    case "threshold":
      return runForm(
        intent,
        form,
        setThresholdSchema,
        async (value) => ({
          ...(await setLowBalanceThreshold(services, actor, value)),
          name: value.name ?? "",
        }),
        (result) =>
          successToast("studio.credits.balances.toast.threshold", {
            name: result.name,
            threshold: result.threshold,
          }),
      );
    default:
      return unknownIntent();
  }
}
