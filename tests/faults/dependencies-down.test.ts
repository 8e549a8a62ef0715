// Issue 23 A: the real server (production build, a process of its own) on a PostgreSQL and a Redis of
// this test's own, under load while one of them goes away and comes back, and shut down with SIGTERM
// under keep-alive load with everything up and with Redis or PostgreSQL down. Runs in the PostgreSQL
// pass only (vitest.config.ts). The figures are printed for the closing note and docs/reliability.md.
import http from "node:http";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OwnPostgres, type OwnRedis, startOwnPostgres, startOwnRedis } from "../helpers/own-services.ts";
import { eventually, type ServerProcess, startServerProcess, timed } from "./server-process.ts";

/** The bound of the issue: with Redis away no request waits longer than this. */
const REDIS_DOWN_MAX_MS = 2_000;
/** Back to 200 within this of PostgreSQL's return, without a restart. */
const BACK_WITHIN_MS = 5_000;
/** SIGTERM to exit under keep-alive load. */
const EXIT_WITHIN_MS = 5_000;

let postgres: OwnPostgres;
let redis: OwnRedis;
let databaseUrl: string;
let apiKey: string;

beforeAll(async () => {
  postgres = await startOwnPostgres();
  redis = await startOwnRedis();
  databaseUrl = await postgres.createDatabase("faults");
  // The first start seeds the demo data and prints the demo keys; later starts find the data there.
  const first = await startServerProcess({
    DATABASE_URL: databaseUrl,
    REDIS_URL: redis.url,
    SEED_DEMO: "true",
  });
  apiKey = first.demoKeys().secret;
  await first.stop();
  // The demo key's 60 requests a minute would answer most of the load with 429: these tests are about
  // what the database and Redis answer.
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query("update api_keys set rate_limit_per_minute = 1000000");
  await client.end();
}, 240_000);

afterAll(async () => {
  await redis?.destroy();
  postgres?.destroy();
});

const serve = () => startServerProcess({ DATABASE_URL: databaseUrl, REDIS_URL: redis.url });

/** The requests a mixed load sends: cached and uncached API calls, public pages, a studio page. */
function mixedRequests(server: ServerProcess, round: number) {
  const api = { authorization: `Bearer ${apiKey}` };
  const page = {
    accept: "text/html",
    "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/130 Safari/537.36",
  };
  return [
    { kind: "api", url: server.url("/api/v1/movies?country=NL"), headers: api },
    { kind: "api", url: server.url(`/api/v1/showtimes?country=NL&limit=${1 + (round % 50)}`), headers: api },
    // Never asked before: the answer cannot come from a cache.
    {
      kind: "api",
      url: server.url(`/api/v1/movies?country=NL&q=uncached-${Date.now()}-${round}`),
      headers: api,
    },
    { kind: "page", url: server.url("/"), headers: page },
    { kind: "page", url: server.url(`/?city=Paris&round=${round}`), headers: page },
    { kind: "page", url: server.url("/studio/login"), headers: page },
  ];
}

type Answer = {
  kind: string;
  url: string;
  status: number;
  ms: number;
  retryAfter: string | null;
  type: string;
};

/** Sends the mixed load with `concurrency` workers until `until()` is true; every answer is kept. */
async function load(server: ServerProcess, until: () => boolean, concurrency = 4): Promise<Answer[]> {
  const answers: Answer[] = [];
  let round = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (!until()) {
        for (const request of mixedRequests(server, round++)) {
          const answer = await timed(request.url, { headers: request.headers });
          answers.push({
            kind: request.kind,
            url: request.url,
            status: answer.status,
            ms: answer.ms,
            retryAfter: answer.headers.get("retry-after"),
            type: answer.headers.get("content-type") ?? "",
          });
        }
      }
    }),
  );
  return answers;
}

function summary(answers: Answer[]) {
  const byStatus: Record<string, number> = {};
  for (const a of answers) byStatus[`${a.kind} ${a.status}`] = (byStatus[`${a.kind} ${a.status}`] ?? 0) + 1;
  const slowest = Math.max(...answers.map((a) => a.ms));
  return { requests: answers.length, byStatus, slowestMs: Math.round(slowest) };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function balancesOffLedger(): Promise<{ client: string; balance: number; ledger: number }[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ client: string; balance: string; ledger: string }>(`
      select b.client_id as client, b.balance, coalesce(sum(t.delta), 0) as ledger
      from credit_balances b left join credit_transactions t on t.client_id = b.client_id
      group by b.client_id, b.balance
      having b.balance <> coalesce(sum(t.delta), 0)`);
    return rows.map((r) => ({ client: r.client, balance: Number(r.balance), ledger: Number(r.ledger) }));
  } finally {
    await client.end();
  }
}

const logged = (server: ServerProcess, message: string) => server.logs().filter((l) => l.msg === message);

/** Redis killed (its connections close) or paused (they stay open and nothing answers). */
const redisFaults = [
  { how: "stopped", fail: () => redis.stop(), heal: () => redis.start() },
  { how: "paused", fail: async () => redis.pause(), heal: async () => redis.resume() },
] as const;

describe.each(redisFaults)("Redis $how under load", ({ how, fail, heal }) => {
  it("answers every request within the bound from this instance's memory, says so in /readyz, logs it once and recovers by itself", async () => {
    const server = await serve();
    try {
      expect(await (await fetch(server.url("/readyz"))).json()).toMatchObject({ redis: "ready" });
      await load(
        server,
        (() => {
          const end = Date.now() + 1_000;
          return () => Date.now() > end;
        })(),
      );

      await fail();
      const failedAt = performance.now();
      const downUntil = Date.now() + 6_000;
      const [answers, degradedAfterMs] = await Promise.all([
        load(server, () => Date.now() > downUntil),
        (async () => {
          await eventually("/readyz says degraded", async () => {
            const readiness = await timed(server.url("/readyz"));
            return readiness.status === 200 && readiness.body.includes('"status":"degraded"');
          });
          return Math.round(performance.now() - failedAt);
        })(),
      ]);
      const over250 = answers.filter((a) => a.ms > 250).length;
      console.log(
        `redis ${how} for 6 s: ${JSON.stringify(summary(answers))}, ${over250} answers over 250 ms; /readyz degraded after ${degradedAfterMs} ms`,
      );
      expect(answers.filter((a) => a.status >= 500)).toEqual([]);
      expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(REDIS_DOWN_MAX_MS);
      // The log is buffered: its lines arrive within a moment.
      const outage = "redis unavailable: rate limits, caches and live balances use this instance's memory";
      await eventually("the outage is logged", () => logged(server, outage).length > 0);
      expect(logged(server, outage)).toHaveLength(1);

      const returned = performance.now();
      await heal();
      await eventually("/readyz says Redis is back", async () => {
        const body = (await timed(server.url("/readyz"))).body;
        return body.includes('"redis":"ready"');
      });
      console.log(`redis ${how} → back: ready again after ${Math.round(performance.now() - returned)} ms`);
      await eventually("the return is logged", () => logged(server, "redis available again").length > 0);
      expect(logged(server, "redis available again")).toHaveLength(1);
      expect(logged(server, outage)).toHaveLength(1);
      const after = await load(
        server,
        (() => {
          const end = Date.now() + 1_000;
          return () => Date.now() > end;
        })(),
      );
      expect(after.filter((a) => a.status >= 500)).toEqual([]);
      // The meter writes usage every 5 s; every balance then equals its ledger.
      await eventually(
        "balances equal their ledgers",
        async () => (await balancesOffLedger()).length === 0,
        20_000,
      );
    } finally {
      await heal();
      const stopped = await server.stop();
      expect(stopped.code).toBe(0);
    }
  }, 240_000);
});

describe("PostgreSQL away under load", () => {
  it("for 20 s: answers 503 with Retry-After (an error page for browsers), never 500, logs the outage once and is back within 5 s of its return", async () => {
    const server = await serve();
    try {
      await load(
        server,
        (() => {
          const end = Date.now() + 1_000;
          return () => Date.now() > end;
        })(),
      );
      postgres.stop();
      const downUntil = Date.now() + 20_000;
      const answers = await load(server, () => Date.now() > downUntil);
      console.log("postgres down for 20 s:", JSON.stringify(summary(answers)));
      expect(answers.filter((a) => a.status >= 500 && a.status !== 503)).toEqual([]);
      const unavailable = answers.filter((a) => a.status === 503);
      expect(unavailable.filter((a) => a.kind === "page").length).toBeGreaterThan(0);
      expect(unavailable.filter((a) => a.kind === "api").length).toBeGreaterThan(0);
      for (const answer of unavailable) {
        expect(answer.retryAfter, answer.url).toMatch(/^\d+$/);
        if (answer.kind === "page") expect(answer.type, answer.url).toContain("text/html");
        if (answer.kind === "api") expect(answer.type, answer.url).toContain("application/problem+json");
      }
      const outageMessage = "a dependency is unavailable (database or Redis)";
      await eventually("the outage is logged", () => logged(server, outageMessage).length > 0);
      const outageLines = logged(server, outageMessage);
      console.log(`log lines for the outage: ${outageLines.length} (${unavailable.length} answers 503)`);
      // One per place (pages, API, the server’s own handler, readiness, jobs) and minute, not one per request.
      expect(outageLines.length).toBeLessThanOrEqual(5);
      expect(server.logs().filter((l) => l.level >= 50 && l.msg === "request failed")).toEqual([]);

      const returned = performance.now();
      await postgres.start();
      await eventually(
        "the API and an uncached page answer 200 again",
        async () => {
          const [api, page] = await Promise.all([
            timed(server.url("/api/v1/showtimes?country=NL&limit=77"), {
              headers: { authorization: `Bearer ${apiKey}` },
            }),
            timed(server.url(`/?city=Paris&back=${Date.now()}`), { headers: { accept: "text/html" } }),
          ]);
          return api.status === 200 && page.status === 200;
        },
        BACK_WITHIN_MS,
      );
      console.log(`postgres back: 200 again after ${Math.round(performance.now() - returned)} ms`);
      expect((await timed(server.url("/readyz"))).status).toBe(200);
      await eventually(
        "balances equal their ledgers",
        async () => (await balancesOffLedger()).length === 0,
        20_000,
      );
    } finally {
      await postgres.start();
      const stopped = await server.stop();
      expect(stopped.code).toBe(0);
    }
  }, 240_000);
});

/** Keep-alive clients that send requests back to back; counts answers and `Connection: close`. */
function keepAliveLoad(server: ServerProcess, clients = 8) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  let running = true;
  const seen = {
    answers: 0,
    closeHeaders: 0,
    errors: 0,
    afterSignal: 0,
    errorCodes: {} as Record<string, number>,
  };
  let signalled = false;
  const one = () =>
    new Promise<void>((resolve) => {
      const request = http.get(
        server.url("/api/v1/movies?country=NL"),
        { agent, headers: { authorization: `Bearer ${apiKey}` } },
        (response) => {
          response.resume();
          response.on("end", () => {
            seen.answers += 1;
            if (signalled) seen.afterSignal += 1;
            if (response.headers.connection === "close") seen.closeHeaders += 1;
            resolve();
          });
        },
      );
      request.on("error", (error: NodeJS.ErrnoException) => {
        seen.errors += 1;
        seen.errorCodes[error.code ?? error.message] =
          (seen.errorCodes[error.code ?? error.message] ?? 0) + 1;
        resolve();
      });
    });
  const workers = Array.from({ length: clients }, async () => {
    while (running) {
      const before = seen.errors;
      await one();
      // Refused once the server has closed: this client is done.
      if (seen.errors > before && signalled) return;
    }
  });
  return {
    seen,
    signalled: () => {
      signalled = true;
    },
    async stop() {
      running = false;
      await Promise.all(workers);
      agent.destroy();
    },
  };
}

describe("SIGTERM under keep-alive load", () => {
  for (const down of ["nothing", "redis", "postgres"] as const) {
    it(`with ${down === "nothing" ? "every dependency up" : `${down} down`}: /readyz 503 at once, Connection: close, exit 0 within 5 s`, async () => {
      const server = await serve();
      const clients = keepAliveLoad(server);
      try {
        await eventually("the load is running", () => clients.seen.answers > 50);
        if (down === "redis") await redis.stop();
        if (down === "postgres") postgres.stop();
        await wait(500);
        clients.signalled();
        const started = performance.now();
        server.child.kill("SIGTERM");
        await eventually(
          "/readyz turns 503",
          async () => {
            const status = await fetch(server.url("/readyz")).then(
              (r) => r.status,
              () => 0,
            );
            return status === 503 || status === 0;
          },
          1_000,
        );
        const code = await server.exited;
        const ms = Math.round(performance.now() - started);
        await clients.stop();
        console.log(`SIGTERM (${down} down): exit ${code} after ${ms} ms; ${JSON.stringify(clients.seen)}`);
        expect(code).toBe(0);
        expect(ms).toBeLessThan(EXIT_WITHIN_MS);
        if (down === "nothing") expect(clients.seen.closeHeaders).toBeGreaterThan(0);
        expect(logged(server, "stopped")).toHaveLength(1);
        expect(server.logs().filter((l) => l.msg === "request failed")).toEqual([]);
        // Metered usage is written, or (PostgreSQL down) kept in DATA_DIR for the next start: never lost.
        expect(logged(server, "credit meter: usage not written at shutdown")).toEqual([]);
        if (down === "postgres") {
          const kept = logged(
            server,
            "credit meter: usage the database did not take is kept for the next start",
          );
          console.log(`usage kept for the next start: ${JSON.stringify(kept.map((l) => l.credits))} credits`);
        }
      } finally {
        await clients.stop();
        await server.stop();
        if (down === "redis") await redis.start();
        if (down === "postgres") await postgres.start();
      }
    }, 240_000);
  }
});
