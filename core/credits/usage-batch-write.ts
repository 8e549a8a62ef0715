// Writing one client's usage batch: credit_usage rows (adding) and one `usage` ledger row, in one
// transaction, taking the locks in the order every writer of the credit tables keeps (docs/decisions/020).
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { apiKeys } from "../../db/schema/access.ts";
import { creditTransactions, creditUsage } from "../../db/schema/credits.ts";
import { clients } from "../../db/schema/tenancy.ts";
import { appendLedgerEntry } from "./ledger.ts";
import type { UsageBatch } from "./usage-buffer.ts";

/** The ledger reference of a usage batch: lets a retry see that an earlier attempt did commit. */
export const usageBatchReference = (batchId: string) => `usage-batch:${batchId}`;

type UsageKey = { day: string; clientId: string; apiKeyId: string | null; operation: string };

/** The order every writer adds to credit_usage rows in: by the unique key's columns. */
export function byUsageKey(a: UsageKey, b: UsageKey): number {
  for (const column of ["day", "clientId", "apiKeyId", "operation"] as const) {
    const x = a[column] ?? "";
    const y = b[column] ?? "";
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/** false when the client no longer exists (deleted with its ledger): nothing left to write to */
export async function clientExists(db: Database, clientId: string) {
  const [row] = await db.select({ id: clients.uuid }).from(clients).where(eq(clients.uuid, clientId));
  return row !== undefined;
}

export async function writeUsageBatch(db: Database, batch: UsageBatch): Promise<void> {
  const reference = usageBatchReference(batch.id);
  await db.transaction(async (tx) => {
    // The lock order of every writer of the credit tables (docs/decisions/020): the client row (key
    // share, as the foreign keys below take it anyway), its credit_usage rows in key order, the ledger
    // row, the balance row. Taken first here, a client deleted meanwhile waits for this batch (or this
    // batch for the deletion) instead of the two locking each other out.
    await tx
      .select({ id: clients.uuid })
      .from(clients)
      .where(eq(clients.uuid, batch.clientId))
      .for("key share");
    let rows = batch.rows;
    if (batch.attempts > 0) {
      // The earlier attempt may have committed even though its answer was lost.
      if (batch.credits > 0) {
        const [done] = await tx
          .select({ id: creditTransactions.id })
          .from(creditTransactions)
          .where(
            and(eq(creditTransactions.clientId, batch.clientId), eq(creditTransactions.reference, reference)),
          )
          .limit(1);
        if (done) return;
      }
      // A key deleted since: its usage stays counted, without the key.
      const keyIds = [...new Set(rows.map((r) => r.apiKeyId))];
      const existing = new Set(
        (await tx.select({ id: apiKeys.id }).from(apiKeys).where(inArray(apiKeys.id, keyIds))).map(
          (r) => r.id,
        ),
      );
      rows = rows.map((r) => (existing.has(r.apiKeyId) ? r : { ...r, apiKeyId: "" }));
    }
    const values = rows.map((row) => ({
      day: row.day,
      clientId: row.clientId,
      apiKeyId: row.apiKeyId === "" ? null : row.apiKeyId,
      operation: row.operation,
      requests: row.requests,
      credits: row.credits,
      errors: row.errors,
    }));
    // One statement, rows in key order: PostgreSQL takes the rows' locks in VALUES order, so two
    // instances adding to the same rows queue up instead of deadlocking (docs/decisions/020).
    const keyed = values.filter((v) => v.apiKeyId !== null).sort(byUsageKey);
    if (keyed.length > 0) {
      await tx
        .insert(creditUsage)
        .values(keyed)
        .onConflictDoUpdate({
          target: [creditUsage.day, creditUsage.clientId, creditUsage.apiKeyId, creditUsage.operation],
          set: {
            requests: sql`${creditUsage.requests} + excluded.requests`,
            credits: sql`${creditUsage.credits} + excluded.credits`,
            errors: sql`${creditUsage.errors} + excluded.errors`,
            updatedAt: sql`now()`,
          },
        });
    }
    // Rows of deleted keys never conflict (NULL is distinct in the unique index): plain inserts.
    const unkeyed = values.filter((v) => v.apiKeyId === null);
    if (unkeyed.length > 0) await tx.insert(creditUsage).values(unkeyed);
    // The balance row last (appendLedgerEntry), as every ledger writer does.
    if (batch.credits !== 0) {
      await appendLedgerEntry(tx, {
        clientId: batch.clientId,
        delta: -batch.credits,
        kind: "usage",
        reference,
      });
    }
  });
}
