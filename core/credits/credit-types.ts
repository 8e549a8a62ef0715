// Metering and balances for API calls. The ledger (credit_transactions) is the truth; the meter keeps a
// live balance (in memory, or in Redis shared by every instance) and writes usage to the ledger in batches.
import type { ApiOperationId } from "../api/operations.ts";

export type ChargeResult = {
  /** false when the balance was at or below zero: answer 402 and charge nothing */
  admitted: boolean;
  /** the live balance after this charge (what X-Credits-Remaining shows) */
  remaining: number;
};

export type UsageEntry = {
  clientId: string;
  apiKeyId: string;
  operation: ApiOperationId;
  /** credits actually spent (0 for refused, failed, free or 304 calls) */
  credits: number;
  /** true for 4xx/5xx answers, counted in credit_usage.errors */
  error: boolean;
  at: Date;
};

export type CreditMeter = {
  /** reserves the cost before the handler runs; a cost of 0 is always admitted */
  charge(clientId: string, credits: number): Promise<ChargeResult>;
  /** gives back a reservation (the call failed or answered 304) */
  refund(clientId: string, credits: number): Promise<void>;
  /** counts a finished call; buffered in memory and flushed in batches to credit_usage and the ledger */
  record(entry: UsageEntry): void;
  /** the live balance: the ledger's balance minus usage not yet flushed */
  balance(clientId: string): Promise<number>;
  /** a ledger row was written outside the meter (purchase, adjustment, refund): apply it to the live balance */
  applyLedgerDelta(clientId: string, delta: number): Promise<void>;
  /** writes buffered usage now */
  flush(): Promise<void>;
  /** flushes and stops the timer */
  close(): Promise<void>;
};

/** Credits per call of each operation, from credit_costs (cached briefly; edits invalidate). */
export type CreditCosts = {
  costOf(operation: ApiOperationId): Promise<number>;
  invalidate(): void;
};
