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
import { readForm, successToast } from "../../../lib/form-action.server.ts";
import { formIntent, listRoute, runIntent, studioActor } from "../../../lib/list-route.server.ts";
import { readChoice } from "../../../lib/table-query.server.ts";

const balanceList = listRoute({
  sorts: BALANCE_SORTS,
  defaultSort: "name",
  filters: (params) => ({ level: readChoice(params, "level", BALANCE_LEVELS) }),
  list: listCreditBalances,
  csv: {
    name: "credit-balances",
    columns: [
      "clientId",
      ["studio.credits.balances.col.client", "name"],
      "slug",
      ["studio.credits.balances.col.balance", "balance"],
      ["studio.credits.balances.col.threshold", "threshold"],
      ["csv.column.lowBalance", "low"],
    ],
  },
});

export async function loadCreditBalances(request: Request, context: Readonly<RouterContextProvider>) {
  const balances = await balanceList.load(request, context);
  return {
    ...balances,
    rows: balances.rows.map((row) => ({ ...row, updatedAt: row.updatedAt?.toISOString() ?? null })),
  };
}

export const creditBalancesCsv = balanceList.csv;

const BALANCE_INTENTS = {
  adjust: formIntent(
    adjustBalanceSchema,
    async (services, actor, value) => ({
      ...(await adjustBalance(services, actor, value)),
      name: value.name ?? "",
    }),
    ({ name, delta, balance }) => ({
      ...successToast("studio.credits.balances.toast.adjusted", { name, delta, balance }),
      resetForm: true,
    }),
  ),
  threshold: formIntent(
    setThresholdSchema,
    async (services, actor, value) => ({
      ...(await setLowBalanceThreshold(services, actor, value)),
      name: value.name ?? "",
    }),
    ({ name, threshold }) => successToast("studio.credits.balances.toast.threshold", { name, threshold }),
  ),
};

export async function creditBalancesAction(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, actor } = studioActor(context);
  return runIntent(await readForm(request), BALANCE_INTENTS, services, actor);
}
