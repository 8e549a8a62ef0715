// What the credit meter's tests share: the stores to run them on (memory, and Redis with TEST_REDIS_URL),
// funded clients with a key, meters closed after the file, and a database that fails on demand.
import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import pino from "pino";
import { afterAll } from "vitest";
import type { Database } from "../../db/client.ts";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import { appendLedgerEntry } from "./ledger.ts";
import { createCreditMeter, type CreditMeterOptions } from "./meter.ts";
import { createTestApiKey } from "./credit-test-helpers.ts";

export const silentLogger = pino({ level: "silent" });

/** A Redis connection when TEST_REDIS_URL is set (closed after the test file), else undefined. */
export function testRedis(): Redis | undefined {
  const redisUrl = process.env.TEST_REDIS_URL;
  const redis = redisUrl ? new Redis(redisUrl) : undefined;
  afterAll(async () => {
    await redis?.quit();
  });
  return redis;
}

export type MeterStore = { name: string; redis: Redis | undefined };

/** The live balance stores to run a test on: memory, and Redis when there is one. */
export const meterStores = (redis: Redis | undefined): MeterStore[] => [
  { name: "memory", redis: undefined },
  ...(redis ? [{ name: "redis", redis }] : []),
];

/** Gives a client `credits` through the ledger, as a purchase does. */
export async function fund(db: Database, clientId: string, credits: number) {
  await db.transaction((tx) =>
    appendLedgerEntry(tx, { clientId, delta: credits, kind: "purchase", reference: "test" }),
  );
}

/** A database whose next `failures` transactions fail: before writing ("before") or after committing ("after"). */
export function flakyDatabase(db: Database, mode: "before" | "after") {
  let failures = 0;
  const flaky = Object.create(db) as Database;
  flaky.transaction = (async (...args: Parameters<Database["transaction"]>) => {
    if (failures > 0 && mode === "before") {
      failures--;
      throw new Error("connection refused");
    }
    const result = await db.transaction(...args);
    if (failures > 0 && mode === "after") {
      failures--;
      throw new Error("connection lost during commit");
    }
    return result;
  }) as Database["transaction"];
  return { db: flaky, failNext: (n: number) => (failures = n) };
}

/**
 * A test database, meters on it (on `store`, closed after the file) and funded clients with a key;
 * `createClient` is the tenancy fixture (core/tenancy/test-fixtures.ts), passed in by the test.
 */
export function useMeters(store: MeterStore, createClient: (db: Database) => Promise<{ id: string }>) {
  const database = useTestDatabase();
  const meters: { close(): Promise<void> }[] = [];
  afterAll(async () => {
    for (const meter of meters) await meter.close();
  });

  function meter(overrides: Partial<CreditMeterOptions> = {}) {
    const created = createCreditMeter({
      db: database().db,
      redis: store.redis,
      keyPrefix: `test-credits:${randomUUID()}`,
      now: () => new Date(),
      flushIntervalMs: 60_000,
      logger: silentLogger,
      ...overrides,
    });
    meters.push(created);
    return created;
  }

  async function setUp(credits: number) {
    const { db } = database();
    const client = await createClient(db);
    const keyId = await createTestApiKey(db, client.id);
    if (credits !== 0) await fund(db, client.id, credits);
    return { db, clientId: client.id, keyId };
  }
  return { database, meter, setUp };
}
