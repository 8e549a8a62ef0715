// An answer the client never received costs nothing (issue 23): over real HTTP, a request whose client
// hangs up while the answer is being computed is given back its credits and counted as an error, and a
// request answered in full is charged once. The answer is held back through the injected response
// cache (the services the gate reads on every request): no sleep, the test releases it once the server
// has seen the client go.
import { once } from "node:events";
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiResponseCache } from "../../../core/cache/response-cache.ts";
import { ledgerSum, storedBalance } from "../../../core/credits/credit-test-helpers.ts";
import { queryRows } from "../../../core/shared/db-rows.ts";
import {
  bearer,
  createApiClient,
  startApiApp,
  type ApiTestClient,
} from "../../../tests/helpers/api-test-app.ts";
import { useTestDatabase } from "../../../tests/helpers/test-db.ts";

const CREDITS = 100;

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`still not ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("an answer the client never received", () => {
  const database = useTestDatabase();
  let api: Awaited<ReturnType<typeof startApiApp>>;
  let client: ApiTestClient;
  let server: ReturnType<typeof createServer>;
  let base: string;
  /** responses the server closed before writing them in full */
  let cutOff = 0;

  beforeAll(async () => {
    api = await startApiApp(database(), { days: 1 });
    client = await createApiClient(database(), { countries: ["NL"], credits: CREDITS });
    server = createServer((req: IncomingMessage, res: ServerResponse) => {
      res.once("close", () => {
        if (!res.writableFinished) cutOff++;
      });
      api.listener(req, res);
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    server?.close();
    await api?.close();
  });

  /** The client's API usage as the statistics show it (credit_usage), after a flush. */
  async function usage() {
    await api.services.credits.meter.flush();
    const [row] = await queryRows<{ requests: string | null; credits: string | null; errors: string | null }>(
      database().db,
      sql`select sum(requests) as requests, sum(credits) as credits, sum(errors) as errors
          from credit_usage where client_id = ${client.clientId}::uuid`,
    );
    return {
      requests: Number(row?.requests ?? 0),
      credits: Number(row?.credits ?? 0),
      errors: Number(row?.errors ?? 0),
    };
  }

  /** Holds every response-cache lookup until released, saying when the first one arrives. */
  function holdLookups() {
    const original: ApiResponseCache = api.services.apiCache;
    const arrived = deferred();
    const release = deferred();
    api.services.apiCache = {
      ...original,
      lookup: async (key) => {
        arrived.resolve();
        await release.promise;
        return original.lookup(key);
      },
    };
    return {
      arrived: arrived.promise,
      release: () => {
        api.services.apiCache = original;
        release.resolve();
      },
    };
  }

  it("is not charged when the client hangs up before the answer is written", async () => {
    const { db } = database();
    const held = holdLookups();
    const request = httpRequest(`${base}/api/v1/countries`, { headers: bearer(client.secret), agent: false });
    const failed = new Promise<void>((resolve) => request.once("error", () => resolve()));
    request.end();
    await held.arrived;
    // The call is admitted and its cost reserved; the client gives up now.
    expect(await api.services.credits.meter.balance(client.clientId)).toBe(CREDITS - 1);
    request.destroy();
    await failed;
    await until(
      async () => cutOff,
      (n) => n === 1,
      "seen by the server as cut off",
    );
    held.release();

    const counted = await until(usage, (u) => u.requests === 1, "counted in the usage statistics");
    expect(counted).toEqual({ requests: 1, credits: 0, errors: 1 });
    expect(await api.services.credits.meter.balance(client.clientId)).toBe(CREDITS);
    expect(await ledgerSum(db, client.clientId)).toBe(CREDITS);
    expect(await storedBalance(db, client.clientId)).toBe(CREDITS);
  });

  it("is charged once when the answer is written in full", async () => {
    const { db } = database();
    const response = await fetch(`${base}/api/v1/countries`, { headers: bearer(client.secret) });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-credits-cost")).toBe("1");
    await response.arrayBuffer();

    const counted = await until(usage, (u) => u.requests === 2, "counted in the usage statistics");
    expect(counted).toEqual({ requests: 2, credits: 1, errors: 1 });
    expect(await api.services.credits.meter.balance(client.clientId)).toBe(CREDITS - 1);
    expect(await ledgerSum(db, client.clientId)).toBe(CREDITS - 1);
    expect(await storedBalance(db, client.clientId)).toBe(CREDITS - 1);
    expect(cutOff).toBe(1);
  });
});
