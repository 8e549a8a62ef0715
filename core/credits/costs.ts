// Credits per call of each API operation: the credit_costs row, else the operation's default cost.
// Read once per `ttlMs` (one query for all operations) so the API's hot path stays in memory; the cost
// edit invalidates this instance at once, other instances within `ttlMs`.
import type { Database } from "../../db/client.ts";
import { creditCosts } from "../../db/schema/credits.ts";
import { API_OPERATIONS, isApiOperationId, type ApiOperationId } from "../api/operations.ts";
import type { CreditCosts } from "./credit-types.ts";

export function createCreditCosts(input: { db: Database; ttlMs?: number; now?: () => number }): CreditCosts {
  const ttlMs = input.ttlMs ?? 30_000;
  const now = input.now ?? Date.now;
  let table: Map<ApiOperationId, number> | undefined;
  let loadedAt = 0;
  let loading: Promise<Map<ApiOperationId, number>> | undefined;
  let generation = 0;

  async function load(): Promise<Map<ApiOperationId, number>> {
    const started = generation;
    const rows = await input.db
      .select({ endpoint: creditCosts.endpoint, credits: creditCosts.credits })
      .from(creditCosts);
    const next = new Map<ApiOperationId, number>();
    for (const row of rows) if (isApiOperationId(row.endpoint)) next.set(row.endpoint, row.credits);
    // An invalidation while reading: this answer may predate the edit, so it is not kept.
    if (started === generation) {
      table = next;
      loadedAt = now();
    }
    return next;
  }

  return {
    async costOf(operation) {
      if (!table || now() - loadedAt >= ttlMs) {
        loading ??= load().finally(() => {
          loading = undefined;
        });
        const fresh = await loading;
        return fresh.get(operation) ?? API_OPERATIONS[operation].defaultCost;
      }
      return table.get(operation) ?? API_OPERATIONS[operation].defaultCost;
    },
    invalidate() {
      generation++;
      table = undefined;
      loading = undefined;
    },
  };
}
