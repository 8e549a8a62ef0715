// /studio/config/credit-usage on the server: the cost per operation (edit), and the platform ledger
// (client, kind and period filters, search, sort, paging, CSV).
import type { RouterContextProvider } from "react-router";
import { setCreditCostSchema } from "../../../../core/credits/credit-schemas.ts";
import { LEDGER_KINDS } from "../../../../core/credits/ledger.ts";
import { listCreditCosts } from "../../../../core/credits/list-credit-costs.ts";
import { LEDGER_SORTS, listCreditLedger } from "../../../../core/credits/list-credit-ledger.ts";
import { setCreditCost } from "../../../../core/credits/set-credit-cost.ts";
import { readForm, successToast } from "../../../lib/form-action.server.ts";
import { formIntent, listRoute, runIntent, studioActor } from "../../../lib/list-route.server.ts";
import { studioRequest } from "../../../lib/studio-request.server.ts";
import { readChoice, readPageClamped } from "../../../lib/table-query.server.ts";
import { clientChoices, readDay, readId } from "./credits.server.ts";
import { LEDGER_PERIODS, periodStart } from "./credits-paths.ts";

const ledger = listRoute({
  sorts: LEDGER_SORTS,
  defaultSort: "-createdAt",
  filters: (params, services) => {
    const period = readChoice(params, "period", LEDGER_PERIODS);
    return {
      clientId: readId(params, "clientId"),
      kind: readChoice(params, "kind", LEDGER_KINDS),
      from: period ? periodStart(period, services.now()) : readDay(params, "from"),
      to: period ? undefined : readDay(params, "to"),
    };
  },
  list: listCreditLedger,
  csv: {
    name: "credit-ledger",
    columns: [
      "id",
      ["studio.credits.ledger.col.at", "createdAt"],
      "clientId",
      ["studio.credits.ledger.col.client", "clientName"],
      ["studio.credits.ledger.col.kind", "kind"],
      ["studio.credits.ledger.col.delta", "delta"],
      ["studio.credits.ledger.col.reference", "reference"],
      ["studio.credits.ledger.col.reason", "reason"],
      ["studio.credits.ledger.col.actor", "actorName"],
    ],
  },
});

export async function loadCreditUsage(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, session } = studioRequest(context);
  const { actor } = session;
  const { table, input } = ledger.query(request, services);
  const [costs, entries, clients] = await Promise.all([
    listCreditCosts(services, actor),
    // Not ledger.load: the ledger's page also carries the sum of its deltas, which the table shows.
    readPageClamped(
      (page) => listCreditLedger(services, actor, { ...input, page, pageSize: table.pageSize }),
      table.page,
    ),
    clientChoices(services, session),
  ]);
  return {
    costs: costs.map((c) => ({ ...c, updatedAt: c.updatedAt?.toISOString() ?? null })),
    rows: entries.rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    total: entries.total,
    sum: entries.sum,
    page: entries.page,
    pageSize: entries.pageSize,
    sort: table.sort,
    clients,
    range: { from: input.from ?? null, to: input.to ?? null },
  };
}

export const creditLedgerCsv = ledger.csv;

const CREDIT_USAGE_INTENTS = {
  setCost: formIntent(setCreditCostSchema, setCreditCost, ({ operation, credits }) =>
    successToast("studio.credits.usage.toast.costSaved", { operation, credits }),
  ),
};

export async function creditUsageAction(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, actor } = studioActor(context);
  return runIntent(await readForm(request), CREDIT_USAGE_INTENTS, services, actor);
}
