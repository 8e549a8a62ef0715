import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import { createTestClient } from "../tenancy/tenancy-test-fixtures.ts";
import { appendLedgerEntry, LEDGER_KINDS } from "./ledger.ts";
import { balancesAndLedgerSums, ledgerSum, storedBalance } from "./credit-test-helpers.ts";

describe("appendLedgerEntry", () => {
  const database = useTestDatabase();

  it("writes the row and creates, then moves, the balance in the same transaction", async () => {
    const { db } = database();
    const client = await createTestClient(db);
    const first = await db.transaction((tx) =>
      appendLedgerEntry(tx, { clientId: client.id, delta: 500, kind: "purchase", reference: "p-1" }),
    );
    expect(first.balance).toBe(500);
    const second = await db.transaction((tx) =>
      appendLedgerEntry(tx, { clientId: client.id, delta: -120, kind: "usage", reference: "b-1" }),
    );
    expect(second.balance).toBe(380);
    expect(await storedBalance(db, client.id)).toBe(380);
    expect(await ledgerSum(db, client.id)).toBe(380);
  });

  it("leaves neither row nor balance behind when the transaction rolls back", async () => {
    const { db } = database();
    const client = await createTestClient(db);
    await expect(
      db.transaction(async (tx) => {
        await appendLedgerEntry(tx, { clientId: client.id, delta: 70, kind: "adjustment", reason: "x" });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await storedBalance(db, client.id)).toBe(0);
    expect(await ledgerSum(db, client.id)).toBe(0);
  });

  it("refuses a delta that is not a whole number", async () => {
    const { db } = database();
    const client = await createTestClient(db);
    await expect(
      db.transaction((tx) => appendLedgerEntry(tx, { clientId: client.id, delta: 1.5, kind: "adjustment" })),
    ).rejects.toThrow(RangeError);
  });

  it("keeps every balance equal to the sum of its ledger rows after any sequence of entries", async () => {
    const { db } = database();
    const clients = [await createTestClient(db), await createTestClient(db), await createTestClient(db)];
    // One transaction: entries for one client (as every operation writes), committed or rolled back.
    const transaction = fc.record({
      client: fc.integer({ min: 0, max: clients.length - 1 }),
      entries: fc.array(
        fc.record({
          delta: fc.integer({ min: -100_000, max: 100_000 }),
          kind: fc.constantFrom(...LEDGER_KINDS),
        }),
        { minLength: 1, maxLength: 3 },
      ),
      rollBack: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(transaction, { maxLength: 8 }), async (txs) => {
        // Concurrently: on PostgreSQL the balance row's lock orders them.
        await Promise.all(
          txs.map(({ client, entries, rollBack }) =>
            db
              .transaction(async (tx) => {
                for (const e of entries)
                  await appendLedgerEntry(tx, {
                    clientId: clients[client]!.id,
                    delta: e.delta,
                    kind: e.kind,
                  });
                if (rollBack) throw new Error("roll back");
              })
              .catch((error: unknown) => {
                if (!(error instanceof Error) || error.message !== "roll back") throw error;
              }),
          ),
        );
        const { balances } = await balancesAndLedgerSums(db);
        expect(balances.length).toBeGreaterThan(0);
        for (const row of balances) expect(row.balance).toBe(row.sum);
      }),
      { numRuns: 25 },
    );
  });
});
