// The API's 503s while PostgreSQL is away reach the usage statistics once it is back (issue 23: 10,378
// of them never did). On a PostgreSQL server of the test's own, stopped and started again: calls that
// fail in the handler, while reading the operation's cost, and while checking a key whose cached lookup
// has gone stale are each answered 503 with Retry-After, counted in memory, and written to credit_usage
// by the meter's own flushes after the restart, as errors without credits; the ledger is untouched.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerSum, storedBalance } from "../../core/credits/credit-test-helpers.ts";
import { queryRows } from "../../core/shared/db-rows.ts";
import { openPostgres, type DatabaseHandle } from "../../db/client.ts";
import { API_FIXTURE_NOW } from "../helpers/api-fixtures.ts";
import { bearer, createApiClient, startApiApp, type ApiTestClient } from "../helpers/api-test-app.ts";
import { type OwnPostgres, ownServicesMissing, startOwnPostgres } from "../helpers/own-services.ts";

const CREDITS = 100;
const CALLS_PER_KIND = 5;
/** The meter flushes every 5 s; the pool reconnects on demand. */
const WRITTEN_WITHIN_MS = 15_000;

let server: OwnPostgres | undefined;
let database: DatabaseHandle | undefined;
let api: Awaited<ReturnType<typeof startApiApp>> | undefined;
let client: ApiTestClient;
let clockOffsetMs = 0;

beforeAll(async () => {
  const missing = ownServicesMissing();
  if (missing) throw new Error(`the PostgreSQL-down usage test needs its own PostgreSQL server: ${missing}`);
  server = await startOwnPostgres();
  database = await openPostgres(await server.createDatabase("reeltime_usage_down"), { max: 4 });
  await database.migrate();
  api = await startApiApp(database, {
    days: 1,
    now: () => new Date(API_FIXTURE_NOW.getTime() + clockOffsetMs),
  });
  client = await createApiClient(database, { countries: ["NL"], credits: CREDITS });
}, 180_000);

afterAll(async () => {
  await api?.close();
  await database?.close();
  server?.destroy();
});

async function usage(db: DatabaseHandle["db"]) {
  const [row] = await queryRows<{ requests: string | null; credits: string | null; errors: string | null }>(
    db,
    sql`select sum(requests) as requests, sum(credits) as credits, sum(errors) as errors
        from credit_usage where client_id = ${client.clientId}::uuid`,
  );
  return {
    requests: Number(row?.requests ?? 0),
    credits: Number(row?.credits ?? 0),
    errors: Number(row?.errors ?? 0),
  };
}

describe("API usage while PostgreSQL is down", () => {
  it(
    "counts the 503s once PostgreSQL is back, and charges nothing for them",
    { timeout: 120_000 },
    async () => {
      const app = api!;
      const db = database!.db;
      const call = (path: string) => app.app.request(path, { headers: bearer(client.secret) });

      // One paid call while everything is up: the key, the costs and the balance are known.
      expect((await call("/api/v1/countries")).status).toBe(200);
      await app.services.credits.meter.flush();
      expect(await usage(db)).toEqual({ requests: 1, credits: 1, errors: 0 });

      server!.stop();
      const statuses: number[] = [];
      const send = async (path: string) => {
        const response = await call(path);
        expect(response.headers.get("retry-after"), path).not.toBeNull();
        statuses.push(response.status);
      };
      // The handler's query fails (an answer not in the response cache).
      for (let i = 0; i < CALLS_PER_KIND; i++) await send(`/api/v1/cities?limit=${i + 1}`);
      // The operation's cost must be read again (its cache expired).
      app.services.credits.costs.invalidate();
      for (let i = 0; i < CALLS_PER_KIND; i++) await send("/api/v1/countries");
      // The key's cached lookup is past its TTL (30 s): the key cannot be checked.
      clockOffsetMs = 60_000;
      for (let i = 0; i < CALLS_PER_KIND; i++) await send("/api/v1/countries");
      expect(statuses).toEqual(Array.from({ length: 3 * CALLS_PER_KIND }, () => 503));

      await server!.start();
      const restarted = performance.now();
      const expected = { requests: 1 + statuses.length, credits: 1, errors: statuses.length };
      let seen = await usage(db).catch(() => undefined);
      while (JSON.stringify(seen) !== JSON.stringify(expected)) {
        if (performance.now() - restarted > WRITTEN_WITHIN_MS) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
        seen = await usage(db).catch(() => undefined);
      }
      const writtenAfterMs = Math.round(performance.now() - restarted);
      console.log(
        `${statuses.length} API 503s with PostgreSQL down; in the usage statistics ${writtenAfterMs} ms after ` +
          `its restart (meter flush interval 5 s): ${JSON.stringify(seen)}`,
      );
      expect(seen).toEqual(expected);

      // Nothing was charged for the 503s: the ledger holds the one paid call, the balances agree.
      expect(await ledgerSum(db, client.clientId)).toBe(CREDITS - 1);
      expect(await storedBalance(db, client.clientId)).toBe(CREDITS - 1);
      expect(await app.services.credits.meter.balance(client.clientId)).toBe(CREDITS - 1);
      // And the API answers again.
      expect((await call("/api/v1/countries")).status).toBe(200);
    },
  );
});
