// The only code that changes a balance: one ledger row (credit_transactions) and the balance beside it
// (credit_balances), in the caller's transaction, so the balance always equals the sum of its rows.
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { creditBalances, creditTransactions } from "../../db/schema/credits.ts";

export const LEDGER_KINDS = ["purchase", "usage", "adjustment", "refund"] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export type LedgerEntry = {
  clientId: string;
  /** credits added (positive) or taken (negative); whole numbers */
  delta: number;
  kind: LedgerKind;
  /** what the row is about: a purchase id, a usage batch */
  reference?: string | null;
  actorProfileId?: string | null;
  reason?: string | null;
};

export type LedgerResult = { transactionId: string; balance: number };

/** Call inside `db.transaction(...)`: the row and the balance commit (or roll back) together. */
export async function appendLedgerEntry(tx: Database, entry: LedgerEntry): Promise<LedgerResult> {
  if (!Number.isSafeInteger(entry.delta))
    throw new RangeError(`ledger delta must be an integer: ${entry.delta}`);
  const [row] = await tx
    .insert(creditTransactions)
    .values({
      clientId: entry.clientId,
      delta: entry.delta,
      kind: entry.kind,
      reference: entry.reference ?? null,
      actorProfileId: entry.actorProfileId ?? null,
      reason: entry.reason ?? null,
    })
    .returning({ id: creditTransactions.id });
  const [balance] = await tx
    .insert(creditBalances)
    .values({ clientId: entry.clientId, balance: entry.delta })
    .onConflictDoUpdate({
      target: creditBalances.clientId,
      set: { balance: sql`${creditBalances.balance} + ${entry.delta}`, updatedAt: sql`now()` },
    })
    .returning({ balance: creditBalances.balance });
  return { transactionId: row!.id, balance: Number(balance!.balance) };
}
