// /studio/config/credit-usage on the server: the cost per operation (edit), and the platform ledger
// (client, kind and period filters, search, sort, paging, CSV).
import type { RouterContextProvider } from "react-router";
import { setCreditCostSchema } from "../../../../core/credits/credit-schemas.ts";
import { LEDGER_KINDS } from "../../../../core/credits/ledger.ts";
import { listCreditCosts } from "../../../../core/credits/list-credit-costs.ts";
import { LEDGER_SORTS, listCreditLedger } from "../../../../core/credits/list-credit-ledger.ts";
import { setCreditCost } from "../../../../core/credits/set-credit-cost.ts";
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
import { clientChoices, readDay, readId } from "./credits.server.ts";
import { LEDGER_PERIODS, periodStart } from "./credits-paths.ts";

const SORT_KEYS = [...new Set(LEDGER_SORTS.map((s) => s.replace(/^-/, "")))];

export const CREDIT_USAGE_INTENTS = ["setCost"] as const;

function readLedgerQuery(url: URL, now: Date) {
  const table = readTableParams(url.searchParams, { sortKeys: SORT_KEYS, defaultSort: "-createdAt" });
  const period = readChoice(url.searchParams, "period", LEDGER_PERIODS);
  return {
    table,
    input: {
      search: table.q || undefined,
      clientId: readId(url.searchParams, "clientId"),
      kind: readChoice(url.searchParams, "kind", LEDGER_KINDS),
      from: period ? periodStart(period, now) : readDay(url.searchParams, "from"),
      to: period ? undefined : readDay(url.searchParams, "to"),
      sort: table.sort as (typeof LEDGER_SORTS)[number],
    },
  };
}

export async function loadCreditUsage(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, session } = studioRequest(context);
  const url = new URL(request.url);
  const { table, input } = readLedgerQuery(url, services.now());
  const [costs, ledger, clients] = await Promise.all([
    listCreditCosts(services, session.actor),
    readPageClamped(
      (page) => listCreditLedger(services, session.actor, { ...input, page, pageSize: table.pageSize }),
      table.page,
    ),
    clientChoices(services, session),
  ]);
  return {
    costs: costs.map((c) => ({ ...c, updatedAt: c.updatedAt?.toISOString() ?? null })),
    rows: ledger.rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    total: ledger.total,
    sum: ledger.sum,
    page: ledger.page,
    pageSize: ledger.pageSize,
    sort: table.sort,
    clients,
    range: { from: input.from ?? null, to: input.to ?? null },
  };
}

export async function creditLedgerCsv(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, session } = studioRequest(context);
  const { input } = readLedgerQuery(new URL(request.url), services.now());
  const rows = await allRows((page, pageSize) =>
    listCreditLedger(services, session.actor, { ...input, page, pageSize }),
  );
  return csvResponse(
    "credit-ledger",
    [
      "csv.column.id",
      "studio.credits.ledger.col.at",
      "csv.column.clientId",
      "studio.credits.ledger.col.client",
      "studio.credits.ledger.col.kind",
      "studio.credits.ledger.col.delta",
      "studio.credits.ledger.col.reference",
      "studio.credits.ledger.col.reason",
      "studio.credits.ledger.col.actor",
    ],
    rows.map((r) => [
      r.id,
      r.createdAt,
      r.clientId,
      r.clientName,
      r.kind,
      r.delta,
      r.reference,
      r.reason,
      r.actorName,
    ]),
    services.now(),
    interfaceText(request, services),
  );
}

export async function creditUsageAction(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, session } = studioRequest(context);
  const form = await readForm(request);
  const intent = readIntent(form, CREDIT_USAGE_INTENTS);
  if (!intent) return unknownIntent();
  return runForm(
    intent,
    form,
    setCreditCostSchema,
    (value) => setCreditCost(services, session.actor, value),
    (saved) =>
      successToast("studio.credits.usage.toast.costSaved", {
        operation: saved.operation,
        credits: saved.credits,
      }),
  );
}
