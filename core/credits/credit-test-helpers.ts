// Test helpers for the credits domain: API keys to meter usage against, and the ledger's sums.
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import pino from "pino";
import type { Database } from "../../db/client.ts";
import { apiKeys } from "../../db/schema/access.ts";
import { creditBalances, creditTransactions } from "../../db/schema/credits.ts";
import { createCreditCosts } from "./costs.ts";
import { createCreditMeter } from "./meter.ts";

/** What the credits operations need, with an in-memory meter (close it after the test file). */
export function creditServices(db: Database, now: () => Date = () => new Date()) {
  const meter = createCreditMeter({ db, now, flushIntervalMs: 60_000, logger: pino({ level: "silent" }) });
  return { db, now, credits: { meter, costs: createCreditCosts({ db }) } };
}

export async function createTestApiKey(db: Database, clientId: string): Promise<string> {
  const secret = randomBytes(16).toString("hex");
  const [key] = await db
    .insert(apiKeys)
    .values({
      clientId,
      name: `Key ${secret.slice(0, 6)}`,
      kind: "secret",
      prefix: secret.slice(0, 12),
      hash: secret,
    })
    .returning({ id: apiKeys.id });
  return key!.id;
}

/** The ledger's sum for a client (0 without rows). */
export async function ledgerSum(db: Database, clientId: string): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string | null>`sum(${creditTransactions.delta})` })
    .from(creditTransactions)
    .where(eq(creditTransactions.clientId, clientId));
  return Number(row?.sum ?? 0);
}

/** The stored balance (0 without a row). */
export async function storedBalance(db: Database, clientId: string): Promise<number> {
  const [row] = await db
    .select({ balance: creditBalances.balance })
    .from(creditBalances)
    .where(eq(creditBalances.clientId, clientId));
  return row ? Number(row.balance) : 0;
}

/** Every client's stored balance next to its ledger sum. */
export async function balancesAndLedgerSums(db: Database) {
  const balances = await db.select().from(creditBalances);
  const sums = await db
    .select({ clientId: creditTransactions.clientId, sum: sql<string>`sum(${creditTransactions.delta})` })
    .from(creditTransactions)
    .groupBy(creditTransactions.clientId);
  const sumBy = new Map(sums.map((s) => [s.clientId, Number(s.sum)]));
  return {
    balances: balances.map((b) => ({
      clientId: b.clientId,
      balance: Number(b.balance),
      sum: sumBy.get(b.clientId) ?? 0,
    })),
    sumBy,
  };
}
