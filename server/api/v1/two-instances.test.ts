// Two server instances of one deployment over one database, under concurrent load. With Redis
// (TEST_REDIS_URL, as in CI's second pass) they share one rate limit per key and one live balance per
// client: the overdraw stays within c − 1 (docs/api/credits.md). Without Redis each instance limits and
// meters alone, within the bound documented for that case. Either way, once the meters have flushed,
// every balance equals the sum of its ledger rows.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../../core/shared/db-rows.ts";
import { API_FIXTURE_NOW, seedApiFixtures } from "../../../tests/helpers/api-fixtures.ts";
import { bearer, createApiClient } from "../../../tests/helpers/api-test-app.ts";
import { createTestApp } from "../../../tests/helpers/test-app.ts";
import { useTestDatabase } from "../../../tests/helpers/test-db.ts";

const shared = Boolean(process.env.TEST_REDIS_URL);
const INSTANCES = 2;

type Instance = Awaited<ReturnType<typeof createTestApp>>;

/** `total` GETs of `path`, `concurrency` at a time, spread over the instances in turn; the statuses. */
async function load(instances: Instance[], path: string, key: string, total: number, concurrency = 16) {
  const statuses: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < total) {
      const n = next++;
      const instance = instances[n % instances.length]!;
      const res = await instance.app.request(path, { headers: bearer(key) });
      await res.arrayBuffer();
      statuses.push(res.status);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return statuses;
}

const countOf = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

describe(`two instances ${shared ? "sharing Redis" : "without Redis"}`, () => {
  const database = useTestDatabase();
  const instances: Instance[] = [];

  beforeAll(async () => {
    await seedApiFixtures(database(), API_FIXTURE_NOW, 1);
    const redisNamespace = randomUUID();
    for (let i = 0; i < INSTANCES; i++) {
      instances.push(await createTestApp(database(), { now: () => API_FIXTURE_NOW, redisNamespace }));
    }
  });
  afterAll(async () => {
    for (const instance of instances) await instance.close();
  });

  async function ledgerAndBalance(clientId: string) {
    const [row] = await queryRows<{ balance: string | null; ledger: string | null }>(
      database().db,
      sql`select (select balance from credit_balances where client_id = ${clientId}) as balance,
                 (select sum(delta) from credit_transactions where client_id = ${clientId}) as ledger`,
    );
    return { balance: Number(row?.balance), ledger: Number(row?.ledger) };
  }

  it("keeps one rate limit per key", async () => {
    const limit = 20;
    const client = await createApiClient(database(), { credits: 10_000, rateLimitPerMinute: limit });
    const statuses = await load(instances, "/api/v1/countries", client.secret, 90);
    const answered = statuses.length - countOf(statuses, 429);
    expect(countOf(statuses, 200)).toBe(answered);
    // Shared: one counter per key for the whole deployment. Alone: one per instance.
    expect(answered).toBe(shared ? limit : INSTANCES * limit);
  });

  it("keeps the balance equal to the ledger, with the overdraw inside the documented bound", async () => {
    const credits = 40;
    const client = await createApiClient(database(), { credits, rateLimitPerMinute: 10_000 });
    const statuses = await load(instances, "/api/v1/cinemas?city=Utrecht", client.secret, 150);
    const admitted = countOf(statuses, 200);
    expect(admitted + countOf(statuses, 402)).toBe(statuses.length);

    for (const instance of instances) await instance.services.credits.meter.flush();
    const { balance, ledger } = await ledgerAndBalance(client.clientId);
    expect(balance).toBe(ledger);
    expect(balance).toBe(credits - admitted);
    // Every operation costs 1 here (c = 1): shared, the bound is c − 1 = 0, so exactly the credits
    // bought are spent; alone, (N − 1) × the balance an instance last saw at most.
    if (shared) expect(admitted).toBe(credits);
    else {
      expect(admitted).toBeGreaterThanOrEqual(credits);
      expect(admitted).toBeLessThanOrEqual(credits + (INSTANCES - 1) * credits);
    }
    const [usage] = await queryRows<{ requests: string; credits: string }>(
      database().db,
      sql`select coalesce(sum(requests), 0) as requests, coalesce(sum(credits), 0) as credits
          from credit_usage where client_id = ${client.clientId}`,
    );
    expect(Number(usage?.credits)).toBe(admitted);
    // Every call is counted, refused ones too (as errors, for the statistics).
    expect(Number(usage?.requests)).toBe(statuses.length);
  });
});
