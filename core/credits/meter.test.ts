import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { creditTransactions, creditUsage } from "../../db/schema/credits.ts";
import { createTestClient } from "../tenancy/tenancy-test-fixtures.ts";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import { createCreditMeter } from "./meter.ts";
import { fund, meterStores, silentLogger as logger, testRedis, useMeters } from "./meter-test-support.ts";
import { balancesAndLedgerSums, createTestApiKey, ledgerSum, storedBalance } from "./credit-test-helpers.ts";

const redis = testRedis();

// The meter's own tests, on each store, in two groups of the same name (each group a database of its own):
// charging and recording, then following the ledger and flushing.
describe.each(meterStores(redis))("credit meter ($name)", (store) => {
  const { meter, setUp } = useMeters(store, createTestClient);

  it("charges against the ledger's balance and refuses at or below zero", async () => {
    const { clientId } = await setUp(5);
    const m = meter();
    expect(await m.balance(clientId)).toBe(5);
    expect(await m.charge(clientId, 3)).toEqual({ admitted: true, remaining: 2 });
    // One more call is admitted while the balance is above zero, even if it overdraws…
    expect(await m.charge(clientId, 3)).toEqual({ admitted: true, remaining: -1 });
    // …and none once it is at or below zero.
    expect(await m.charge(clientId, 1)).toEqual({ admitted: false, remaining: -1 });
    // A free call is always admitted.
    expect(await m.charge(clientId, 0)).toEqual({ admitted: true, remaining: -1 });
    await m.refund(clientId, 3);
    expect(await m.balance(clientId)).toBe(2);
  });

  it("refuses a client that has no balance at all", async () => {
    const { clientId } = await setUp(0);
    const m = meter();
    expect(await m.charge(clientId, 1)).toEqual({ admitted: false, remaining: 0 });
  });

  it("writes recorded usage to credit_usage and one ledger row per client and flush", async () => {
    const { db, clientId, keyId } = await setUp(100);
    const m = meter();
    const at = new Date("2026-03-04T10:00:00Z");
    for (const [operation, credits, error] of [
      ["listShowtimes", 2, false],
      ["listShowtimes", 2, false],
      ["getMovie", 1, false],
      ["getMovie", 0, true],
    ] as const) {
      if (credits > 0) expect((await m.charge(clientId, credits)).admitted).toBe(true);
      m.record({ clientId, apiKeyId: keyId, operation, credits, error, at });
    }
    expect(await m.balance(clientId)).toBe(95);
    expect(m.unflushed(clientId)).toBe(5);
    expect(await storedBalance(db, clientId)).toBe(100);

    await m.flush();
    expect(m.unflushed(clientId)).toBe(0);
    expect(await storedBalance(db, clientId)).toBe(95);
    expect(await ledgerSum(db, clientId)).toBe(95);
    expect(await m.balance(clientId)).toBe(95);
    const usage = await db
      .select()
      .from(creditUsage)
      .where(eq(creditUsage.clientId, clientId))
      .orderBy(creditUsage.operation);
    expect(usage.map((u) => [u.day, u.operation, u.requests, u.credits, u.errors])).toEqual([
      ["2026-03-04", "getMovie", 2, 1, 1],
      ["2026-03-04", "listShowtimes", 2, 4, 0],
    ]);
    const rows = await db
      .select()
      .from(creditTransactions)
      .where(and(eq(creditTransactions.clientId, clientId), eq(creditTransactions.kind, "usage")));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.delta).toBe(-5);
    expect(rows[0]!.reference).toMatch(/^usage-batch:/);

    // A second flush adds to the same day's aggregates.
    await m.charge(clientId, 2);
    m.record({ clientId, apiKeyId: keyId, operation: "listShowtimes", credits: 2, error: false, at });
    await m.flush();
    const [showtimes] = await db
      .select()
      .from(creditUsage)
      .where(and(eq(creditUsage.clientId, clientId), eq(creditUsage.operation, "listShowtimes")));
    expect([showtimes!.requests, showtimes!.credits]).toEqual([3, 6]);
    expect(await ledgerSum(db, clientId)).toBe(93);
  });

  it("a call that is refunded costs nothing", async () => {
    const { db, clientId, keyId } = await setUp(10);
    const m = meter();
    await m.charge(clientId, 4);
    await m.refund(clientId, 4);
    m.record({
      clientId,
      apiKeyId: keyId,
      operation: "listCinemas",
      credits: 0,
      error: true,
      at: new Date(),
    });
    await m.flush();
    expect(await m.balance(clientId)).toBe(10);
    expect(await storedBalance(db, clientId)).toBe(10);
  });
});

describe.each(meterStores(redis))("credit meter ($name)", (store) => {
  const { meter, setUp } = useMeters(store, createTestClient);

  it("follows ledger rows written elsewhere: at once when told, else at the next flush", async () => {
    const { db, clientId } = await setUp(0);
    const m = meter();
    expect((await m.charge(clientId, 1)).admitted).toBe(false);
    await fund(db, clientId, 50);
    await m.applyLedgerDelta(clientId, 50);
    expect(await m.charge(clientId, 1)).toEqual({ admitted: true, remaining: 49 });
    await m.refund(clientId, 1);
    // Not told (another instance, a tool): the recomputation after the flush catches up.
    await fund(db, clientId, 25);
    expect(await m.balance(clientId)).toBe(50);
    await m.flush();
    expect(await m.balance(clientId)).toBe(75);
  });

  it("flushes what is buffered when closed", async () => {
    const { db, clientId, keyId } = await setUp(20);
    const m = meter();
    await m.charge(clientId, 5);
    m.record({ clientId, apiKeyId: keyId, operation: "getCinema", credits: 5, error: false, at: new Date() });
    await m.close();
    expect(await storedBalance(db, clientId)).toBe(15);
  });

  it("flushes by itself every interval", async () => {
    const { db, clientId, keyId } = await setUp(20);
    const m = meter({ flushIntervalMs: 50 });
    await m.charge(clientId, 2);
    m.record({ clientId, apiKeyId: keyId, operation: "getCinema", credits: 2, error: false, at: new Date() });
    await expect.poll(() => storedBalance(db, clientId), { timeout: 5_000 }).toBe(18);
  });

  it("two meters on one database: bounded overdraw under concurrent charges, ledger equal to balances after flush", async () => {
    const { db, clientId, keyId } = await setUp(200);
    const keyPrefix = `test-credits:${randomUUID()}`;
    const a = meter({ keyPrefix, instanceId: "a" });
    const b = meter({ keyPrefix, instanceId: "b" });
    const maxCost = 5;
    let admitted = 0;
    const call = async (m: typeof a, cost: number) => {
      const result = await m.charge(clientId, cost);
      if (!result.admitted) return;
      admitted += cost;
      m.record({
        clientId,
        apiKeyId: keyId,
        operation: "listShowtimes",
        credits: cost,
        error: false,
        at: new Date(),
      });
    };
    const costs = Array.from({ length: 400 }, (_, i) => (i % maxCost) + 1);
    await Promise.all(costs.map((cost, i) => call(i % 2 === 0 ? a : b, cost)));
    // Shared balances: one balance for both, overdrawn by less than one call. Alone: each instance may
    // spend the whole balance it last saw, plus less than one call.
    const bound = store.redis ? 200 + (maxCost - 1) : 2 * (200 + (maxCost - 1));
    expect(admitted).toBeGreaterThanOrEqual(200);
    expect(admitted).toBeLessThanOrEqual(bound);
    await a.flush();
    await b.flush();
    expect(await storedBalance(db, clientId)).toBe(200 - admitted);
    const { balances } = await balancesAndLedgerSums(db);
    for (const row of balances) expect(row.balance).toBe(row.sum);
    // After both flushed, both see the ledger's balance.
    await a.flush();
    expect(await a.balance(clientId)).toBe(200 - admitted);
    expect(await b.balance(clientId)).toBe(200 - admitted);
  });
});

// Only with TEST_REDIS_URL: what sharing through Redis adds.
describe.each(redis ? [{ redis }] : [])("credit meter, shared through Redis", ({ redis }) => {
  const database = useTestDatabase();

  it("sees another instance's charges at once and recovers when Redis loses the keys", async () => {
    const { db } = database();
    const client = await createTestClient(db);
    const keyId = await createTestApiKey(db, client.id);
    await fund(db, client.id, 100);
    const keyPrefix = `test-credits:${randomUUID()}`;
    const options = { db, redis, keyPrefix, now: () => new Date(), flushIntervalMs: 60_000, logger };
    const a = createCreditMeter({ ...options, instanceId: "a" });
    const b = createCreditMeter({ ...options, instanceId: "b" });
    try {
      await a.charge(client.id, 10);
      a.record({
        clientId: client.id,
        apiKeyId: keyId,
        operation: "getMovie",
        credits: 10,
        error: false,
        at: new Date(),
      });
      expect(await b.balance(client.id)).toBe(90);
      await b.charge(client.id, 5);

      // Every key of this deployment gone (a Redis restart without persistence).
      const lost = await redis.keys(`${keyPrefix}:*`);
      expect(lost.length).toBeGreaterThan(0);
      await redis.del(...lost);
      // The next charge reloads from the database minus this instance's own unflushed usage…
      expect(await b.charge(client.id, 1)).toEqual({ admitted: true, remaining: 100 - 5 - 1 });
      // …and the next flush cycle of each instance restores the full picture.
      await a.flush();
      await b.flush();
      b.record({
        clientId: client.id,
        apiKeyId: keyId,
        operation: "getMovie",
        credits: 6,
        error: false,
        at: new Date(),
      });
      await b.flush();
      await a.flush();
      expect(await storedBalance(db, client.id)).toBe(84);
      expect(await a.balance(client.id)).toBe(84);
      expect(await b.balance(client.id)).toBe(84);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it("drops the unflushed share of an instance that stopped answering", async () => {
    const { db } = database();
    const client = await createTestClient(db);
    await fund(db, client.id, 50);
    let clock = Date.now();
    const keyPrefix = `test-credits:${randomUUID()}`;
    const options = {
      db,
      redis,
      keyPrefix,
      now: () => new Date(clock),
      flushIntervalMs: 60_000,
      staleAfterMs: 30_000,
      logger,
    };
    const dead = createCreditMeter({ ...options, instanceId: "dead" });
    const alive = createCreditMeter({ ...options, instanceId: "alive" });
    try {
      // The dead instance reserved 20 and never wrote them (it crashed): they were never spent.
      await dead.charge(client.id, 20);
      expect(await alive.balance(client.id)).toBe(30);
      await alive.flush();
      expect(await alive.balance(client.id)).toBe(30);
      clock += 31_000;
      await alive.flush();
      expect(await alive.balance(client.id)).toBe(50);
    } finally {
      await alive.close();
    }
  });
});
