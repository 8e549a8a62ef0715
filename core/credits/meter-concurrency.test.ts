// Two instances' meters flushing the same clients' usage at the same moment (issue 23: two servers on one
// PostgreSQL deadlocked on the credit_usage upsert). Each meter has its own connection pool, as a second
// server would; each buffers the same (key, operation) rows in the opposite order, and a ledger writer
// (an adjustment, as the studio makes) runs beside them. No flush may meet a deadlock or a serialization
// failure, and afterwards the aggregates hold exactly what was metered and every balance equals its
// ledger's sum. PGlite has a single connection, so there both meters share it and the round only checks
// the sums: the concurrency is proven in the PostgreSQL pass (TEST_DATABASE_URL).
import { Writable } from "node:stream";
import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { openPostgres, type Database } from "../../db/client.ts";
import { creditTransactions, creditUsage } from "../../db/schema/credits.ts";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import type { ApiOperationId } from "../api/operations.ts";
import { createTestClient } from "../tenancy/tenancy-test-fixtures.ts";
import { appendLedgerEntry } from "./ledger.ts";
import { createCreditMeter } from "./meter.ts";
import { balancesAndLedgerSums, createTestApiKey } from "./credit-test-helpers.ts";

const ROUNDS = 30;
const KEYS_PER_CLIENT = 4;
const OPERATIONS: ApiOperationId[] = ["listShowtimes", "getMovie", "listCinemas", "listMovies"];

/** A logger whose lines the test reads: a failed flush is logged, not thrown. */
function capturingLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: pino({ level: "warn" }, stream), lines };
}

const CONFLICT = /deadlock detected|could not serialize|40P01|40001/;

describe("two meters flushing the same usage at once", () => {
  const database = useTestDatabase();
  const closers: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const close of closers.reverse()) await close();
  });

  /** The second instance's own pool on PostgreSQL; PGlite's one connection otherwise. */
  async function secondConnection(): Promise<Database> {
    const handle = database();
    if (handle.connection.kind !== "postgres") return handle.db;
    const other = await openPostgres(handle.connection.url, { max: 4 });
    closers.push(() => other.close());
    return other.db;
  }

  it("never deadlocks, and the totals and balances add up", { timeout: 180_000 }, async () => {
    const handle = database();
    const { db } = handle;
    const otherDb = await secondConnection();
    const clients: { id: string; keys: string[] }[] = [];
    for (let i = 0; i < 2; i++) {
      const client = await createTestClient(db);
      const keys: string[] = [];
      for (let k = 0; k < KEYS_PER_CLIENT; k++) keys.push(await createTestApiKey(db, client.id));
      await db.transaction((tx) =>
        appendLedgerEntry(tx, { clientId: client.id, delta: 1_000_000, kind: "purchase", reference: "test" }),
      );
      clients.push({ id: client.id, keys });
    }

    const logs = capturingLogger();
    const options = { now: () => new Date(), flushIntervalMs: 3_600_000, logger: logs.logger };
    const first = createCreditMeter({ ...options, db, instanceId: "first" });
    const second = createCreditMeter({ ...options, db: otherDb, instanceId: "second" });
    closers.push(
      () => first.close(),
      () => second.close(),
    );

    // Every (client, key, operation) row, in one order for the first instance and the other for the second.
    const rows = clients.flatMap((client) =>
      client.keys.flatMap((keyId) =>
        OPERATIONS.map((operation) => ({ clientId: client.id, keyId, operation })),
      ),
    );
    const metered = new Map<string, { requests: number; credits: number; errors: number }>();
    let adjusted = 0;
    const at = new Date();
    const started = performance.now();

    for (let round = 0; round < ROUNDS; round++) {
      for (const [meter, order] of [
        [first, rows],
        [second, [...rows].reverse()],
      ] as const) {
        for (const [i, row] of order.entries()) {
          const credits = 1 + ((i + round) % 3);
          const error = (i + round) % 7 === 0;
          expect((await meter.charge(row.clientId, credits)).admitted).toBe(true);
          meter.record({
            clientId: row.clientId,
            apiKeyId: row.keyId,
            operation: row.operation,
            credits,
            error,
            at,
          });
          const total = metered.get(row.clientId) ?? { requests: 0, credits: 0, errors: 0 };
          total.requests += 1;
          total.credits += credits;
          total.errors += error ? 1 : 0;
          metered.set(row.clientId, total);
        }
      }
      // Both instances flush at the same moment, and a studio adjustment lands on a balance meanwhile.
      const adjustment = db.transaction((tx) =>
        appendLedgerEntry(tx, {
          clientId: clients[round % clients.length]!.id,
          delta: 5,
          kind: "adjustment",
          reason: "test",
        }),
      );
      await Promise.all([first.flush(), second.flush(), adjustment]);
      adjusted += 5;
    }
    await Promise.all([first.flush(), second.flush()]);
    const conflicts = logs.lines.filter((line) => CONFLICT.test(line));
    console.log(
      `${handle.kind}: ${ROUNDS} rounds of two concurrent flushes of ${rows.length} rows each in ` +
        `${Math.round(performance.now() - started)} ms; deadlocks or serialization failures: ${conflicts.length}`,
    );
    expect(conflicts.length, conflicts[0]).toBe(0);
    expect(logs.lines.filter((line) => line.includes("usage flush failed")).length).toBe(0);

    for (const client of clients) {
      const [usage] = await db
        .select({
          requests: sql<string>`sum(${creditUsage.requests})`,
          credits: sql<string>`sum(${creditUsage.credits})`,
          errors: sql<string>`sum(${creditUsage.errors})`,
        })
        .from(creditUsage)
        .where(eq(creditUsage.clientId, client.id));
      const total = metered.get(client.id)!;
      expect({
        requests: Number(usage!.requests),
        credits: Number(usage!.credits),
        errors: Number(usage!.errors),
      }).toEqual(total);
      const [spent] = await db
        .select({ sum: sql<string>`sum(${creditTransactions.delta})` })
        .from(creditTransactions)
        .where(sql`${creditTransactions.clientId} = ${client.id} and ${creditTransactions.kind} = 'usage'`);
      expect(Number(spent!.sum)).toBe(-total.credits);
      expect(first.unflushed(client.id) + second.unflushed(client.id)).toBe(0);
    }
    const { balances } = await balancesAndLedgerSums(db);
    for (const { balance, sum } of balances) expect(balance).toBe(sum);
    const ids = new Set(clients.map((c) => c.id));
    const total = balances.filter((b) => ids.has(b.clientId)).reduce((s, b) => s + b.balance, 0);
    const spentTotal = [...metered.values()].reduce((s, t) => s + t.credits, 0);
    expect(total).toBe(clients.length * 1_000_000 + adjusted - spentTotal);
  });
});
