// The credit meter of the public API (see docs/api/credits.md for the guarantees and the overdraw bound).
// `charge` reserves a call's cost against the live balance before the handler runs; `record` counts the
// finished call in memory; every `flushIntervalMs` (and on close) the buffered usage is written, per client
// in one transaction, to credit_usage (adding) and to the ledger as one `usage` row naming the batch. After
// each flush the live balances are recomputed from the database, so other instances' usage, ledger rows
// written elsewhere and lost Redis keys are caught up with.
//
// The pieces: meter-live-store.ts (which store), meter-own-usage.ts (this instance's unwritten credits),
// meter-balances.ts (reading and loading balances), meter-charge.ts (reserving a cost), usage-buffer.ts
// (counting calls), usage-flusher.ts (flushing, shutdown) and usage-batch-write.ts (one batch's write).
import { randomUUID } from "node:crypto";
import { createMeterBalances } from "./meter-balances.ts";
import { chargeCredits } from "./meter-charge.ts";
import { selectLiveBalances } from "./meter-live-store.ts";
import type { CreditMeterOptions } from "./meter-options.ts";
import { createMeterOwnUsage } from "./meter-own-usage.ts";
import type { CreditMeter, UsageEntry } from "./credit-types.ts";
import { createUsageBuffer } from "./usage-buffer.ts";
import { createUsageFlusher } from "./usage-flusher.ts";

export type { CreditMeterOptions } from "./meter-options.ts";
export { byUsageKey, usageBatchReference } from "./usage-batch-write.ts";

export type CreditMeterWithInternals = CreditMeter & {
  /** credits reserved or recorded by this instance and not yet in the ledger, per client */
  unflushed(clientId: string): number;
};

export function createCreditMeter(options: CreditMeterOptions): CreditMeterWithInternals {
  const { db, logger } = options;
  const store = selectLiveBalances(options, options.instanceId ?? randomUUID());
  const usage = createMeterOwnUsage();
  const balances = createMeterBalances(db, store, usage);
  const buffer = createUsageBuffer();
  const flusher = createUsageFlusher({
    db,
    logger,
    store,
    usage,
    buffer,
    known: balances.known,
    flushIntervalMs: options.flushIntervalMs,
    spillDirectory: options.spillDirectory,
  });

  return {
    charge: (clientId, credits) => chargeCredits({ store, usage, balances }, clientId, credits),

    async refund(clientId, credits) {
      if (credits <= 0) return;
      usage.refund(clientId, credits);
      await store.refund(clientId, credits, usage.own(clientId));
    },

    record(entry: UsageEntry) {
      buffer.add(entry);
      usage.record(entry.clientId, entry.credits);
    },

    balance: balances.liveBalance,

    async applyLedgerDelta(clientId, delta) {
      if (delta === 0) return;
      await store.applyDelta(clientId, delta);
    },

    flush: flusher.flush,
    close: flusher.close,
    unflushed: (clientId) => usage.pending(clientId),
  };
}
