// `npm run soak`: two server instances (the production build, as `npm start` runs it) on one PostgreSQL
// and one Redis, the first with the job worker, under mixed traffic for SOAK_MINUTES: the public API with
// secret keys of several clients, cached (the same queries again) and uncached (a distinct query each
// time), the change feed followed by its cursor, the home page, film and cinema pages, the widget (its
// script, its showtimes with a publishable key from a registered origin, its usage reports) and a small
// share of sign-ins (sign in on one instance, open the studio and sign out on the other). A bounded
// number of keep-alive connections, each one request at a time, alternating between the instances.
//
// It prints a line every minute and at the end: throughput, p50 / p99 and statuses per route group,
// every 5xx and transport error with its path, each instance's RSS and event-loop delay (from
// /metrics), PostgreSQL connections to the soak's database, and each client's balance beside its ledger
// sum and the credits its answers said they cost. It fails (exit 1) on any 5xx or transport error, a
// balance unequal to its ledger sum, credits charged unequal to the credits the answers stated, or an
// instance whose RSS level at the end (the median of the last three minute samples) is above the level
// after the warm-up by more than the bound (RSS_BOUND; docs/reliability.md).
// It stops the instances and drops its database even when interrupted (Ctrl-C).
//
// Knobs (environment):
//   SOAK_MINUTES          minutes of traffic, warm-up included (10)
//   SOAK_CONNECTIONS      concurrent keep-alive connections over both instances (24)
//   SOAK_HEAP_MB          each instance's V8 heap limit (--max-old-space-size, 512)
//   SOAK_CLIENTS          API clients, each with a secret and a publishable key (8)
//   SOAK_DATABASE_URL     an empty PostgreSQL database to use (kept); default: a fresh one created and
//                         dropped on SOAK_ADMIN_DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres)
//   SOAK_REDIS_URL        an empty Redis of the soak's own (the server has no key prefix setting); default:
//                         a redis-server started on a free port for the run
//   SOAK_KEEP=1           keeps the server logs (kept anyway when the soak fails)
import { execFileSync } from "node:child_process";
import { randomBytes, randomInt } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createHistogram, type RecordableHistogram } from "node:perf_hooks";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import pg from "pg";
import { Pool } from "undici";
import { openPostgres } from "../db/client.ts";
import { startOwnRedis } from "../tests/helpers/own-services.ts";
import { type RunningServer, startServer } from "./server.ts";
import { type SoakClient, type SoakData, seedSoakData } from "./soak-seed.ts";
import { formatCount, formatMs, median, renderTable } from "./stats.ts";

const root = path.resolve(import.meta.dirname, "..");

function settingNumber(name: string, fallback: number, min: number, max: number, integer: boolean) {
  const text = process.env[name];
  if (text === undefined || text === "") return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value < min || value > max || (integer && !Number.isInteger(value)))
    throw new SoakError(
      `${name} must be a ${integer ? "whole " : ""}number from ${min} to ${max} (it is "${text}")`,
    );
  return value;
}

class SoakError extends Error {}

const MINUTES = settingNumber("SOAK_MINUTES", 10, 0.5, 24 * 60, false);
const CONNECTIONS = settingNumber("SOAK_CONNECTIONS", 24, 2, 512, true);
const CLIENTS = settingNumber("SOAK_CLIENTS", 8, 1, 200, true);
/**
 * Each instance's V8 heap limit, as a production deployment sets it for its container. Without one, V8
 * on a machine with a lot of memory lets the heap grow by hundreds of MB between major collections
 * (measured here: heap used 236 → 352 MB, then 137 MB after a collection), and RSS follows that pacing
 * rather than what the process keeps. With it, RSS growth beyond the bound means memory outside the
 * heap (buffers, native allocations), and a leak in the heap ends in an out-of-memory crash, which the
 * soak counts as failed requests.
 */
const HEAP_MB = settingNumber("SOAK_HEAP_MB", 512, 64, 16_384, true);
const DURATION_MS = MINUTES * 60_000;
/** The level the RSS bound is measured from: after 30 s of the same traffic (half a shorter run). */
const WARMUP_MS = Math.min(30_000, DURATION_MS / 2);
const ADMIN_URL = process.env.SOAK_ADMIN_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const CREDITS_PER_CLIENT = 100_000_000;
/**
 * An instance fails when its RSS level at the end (endLevel) exceeds the after-warm-up level by more than
 * 25 % or 150 MB, whichever is larger. Why these figures: docs/reliability.md.
 */
const RSS_BOUND = { fraction: 0.25, bytes: 150 * 1024 * 1024 };
const WIDGET_ORIGIN = "http://localhost:8080";

const log = (message: string) => process.stdout.write(`· ${message}\n`);
const mb = (bytes: number) => (Number.isFinite(bytes) ? `${(bytes / 1024 / 1024).toFixed(0)} MB` : "–");
const pick = <T>(items: readonly T[]): T => items[randomInt(items.length)]!;
const clock = (ms: number) =>
  `${Math.floor(ms / 60_000)}:${String(Math.floor((ms % 60_000) / 1000)).padStart(2, "0")}`;

// ---- interruption ---------------------------------------------------------------------------------

const interruption = new AbortController();
function onSignal(signal: NodeJS.Signals) {
  if (interruption.signal.aborted) {
    log(`${signal} again: leaving without cleaning up`);
    process.exit(130);
  }
  log(`${signal}: stopping the traffic and cleaning up (again to leave at once)…`);
  interruption.abort();
}
process.on("SIGINT", onSignal);
process.on("SIGTERM", onSignal);

function checkInterrupted() {
  if (interruption.signal.aborted) throw new SoakError("interrupted");
}

/** Waits `ms`, or less when the soak is interrupted (pacing the run, not a test). */
function pause(ms: number) {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    interruption.signal.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

// ---- statistics ---------------------------------------------------------------------------------

const GROUPS = [
  "api cached",
  "api uncached",
  "change feed",
  "home page",
  "film page",
  "cinema page",
  "widget script",
  "widget showtimes",
  "widget events",
  "sign-in",
  "studio signed in",
  "sign-out",
] as const;
type Group = (typeof GROUPS)[number];

const newHistogram = () => createHistogram({ lowest: 1, highest: 120_000_000, figures: 3 });

type GroupStats = { latency: RecordableHistogram; statuses: Map<number, number> };
type Failure = { at: number; instance: string; method: string; path: string; status: number; detail: string };

class Stats {
  readonly groups = new Map<Group, GroupStats>(
    GROUPS.map((g) => [g, { latency: newHistogram(), statuses: new Map() }]),
  );
  /** every 5xx and transport error (status 0) */
  readonly failures: Failure[] = [];
  /** the first few answers of each other refusal (4xx), by route group and status */
  readonly refusals = new Map<string, Failure[]>();
  /** this minute's requests, for the minute line */
  minute = { latency: newHistogram(), count: 0, bad: 0, failed: 0 };
  started = 0;

  record(group: Group, micros: number, status: number) {
    const stats = this.groups.get(group)!;
    stats.latency.record(Math.max(1, Math.round(micros)));
    stats.statuses.set(status, (stats.statuses.get(status) ?? 0) + 1);
    this.minute.latency.record(Math.max(1, Math.round(micros)));
    this.minute.count++;
    if (!isGood(status)) this.minute.bad++;
    if (isFailure(status)) this.minute.failed++;
  }

  takeMinute() {
    const minute = this.minute;
    this.minute = { latency: newHistogram(), count: 0, bad: 0, failed: 0 };
    return minute;
  }
}

const isGood = (status: number) => status >= 200 && status < 400;
/** a 5xx, or no answer at all (status 0: the connection failed or timed out) */
const isFailure = (status: number) => status === 0 || status >= 500;
const ms = (histogram: RecordableHistogram, p: number) =>
  histogram.count ? histogram.percentile(p) / 1000 : Number.NaN;

// ---- the instances ------------------------------------------------------------------------------

type Instance = {
  name: string;
  url: string;
  server: RunningServer;
  pool: Pool;
  logFile: string;
};

type Probe = { rss: number; loopP99: number; loopMax: number };

/** RSS and the event-loop delay since the previous scrape (prom-client resets its histogram on each). */
async function readMetrics(instance: Instance): Promise<Probe> {
  const value = (text: string, name: string) => {
    const match = new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, "m").exec(text);
    return match ? Number(match[1]) : Number.NaN;
  };
  try {
    const response = await fetch(`${instance.url}/metrics`, { signal: AbortSignal.timeout(10_000) });
    const text = await response.text();
    if (!response.ok) return { rss: Number.NaN, loopP99: Number.NaN, loopMax: Number.NaN };
    return {
      rss: value(text, "process_resident_memory_bytes"),
      loopP99: value(text, "nodejs_eventloop_lag_p99_seconds") * 1000,
      loopMax: value(text, "nodejs_eventloop_lag_max_seconds") * 1000,
    };
  } catch {
    return { rss: Number.NaN, loopP99: Number.NaN, loopMax: Number.NaN };
  }
}

type Connections = { total: number; byState: string };

/** Connections to the soak's database, the soak's own monitoring connection left out. */
async function pgConnections(monitor: pg.Client): Promise<Connections> {
  const { rows } = await monitor.query<{ state: string | null; n: string }>(
    "select state, count(*) as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() group by state order by state",
  );
  return {
    total: rows.reduce((sum, r) => sum + Number(r.n), 0),
    byState: rows.map((r) => `${r.state ?? "none"} ${r.n}`).join(", "),
  };
}

// ---- the traffic --------------------------------------------------------------------------------

/** The start of an answer's body as text, decompressed when it came compressed (pages are asked for br). */
function excerpt(answer: Answer) {
  const encoding = String(answer.headers["content-encoding"] ?? "");
  let body = answer.body;
  try {
    if (encoding === "br") body = brotliDecompressSync(body);
    else if (encoding === "gzip") body = gunzipSync(body);
  } catch {
    return `(${body.length} bytes, ${encoding} that does not decompress)`;
  }
  return body.toString("utf8", 0, 300).replace(/\s+/g, " ");
}

type Call = {
  group: Group;
  method?: "GET" | "POST";
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** the client whose key the call uses: the credits the answer states are added to it */
  client?: SoakClient;
};
type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

class Traffic {
  /** credits each client's answers stated (X-Credits-Cost), probes included */
  readonly creditsStated = new Map<string, number>();
  private turn = 0;
  private uncached = 0;
  /** one change-feed position per client: each follows its own cursor */
  private readonly changeCursors = new Map<string, string>();
  readonly stats = new Stats();
  private recording = false;
  private readonly cachedApiPaths: string[];
  private readonly instances: Instance[];
  private readonly data: SoakData;
  private readonly startedAt: Date;

  constructor(instances: Instance[], data: SoakData, startedAt: Date) {
    this.instances = instances;
    this.data = data;
    this.startedAt = startedAt;
    const from = new Date(Math.floor(startedAt.getTime() / 60_000) * 60_000 - 3_600_000);
    const to = new Date(from.getTime() + 24 * 3_600_000);
    const city = encodeURIComponent(data.places[0]!.city.toLowerCase());
    this.cachedApiPaths = [
      `/api/v1/showtimes?city=${city}&from=${from.toISOString()}&to=${to.toISOString()}`,
      "/api/v1/showtimes",
      "/api/v1/movies",
      `/api/v1/cinemas?city=${encodeURIComponent(data.places[1]?.city ?? data.places[0]!.city)}`,
      "/api/v1/cities",
      "/api/v1/countries",
      "/api/v1/attributes",
      "/api/v1/chains",
    ];
    const since = new Date(startedAt.getTime() - 2 * 86_400_000).toISOString();
    for (const client of data.clients) this.changeCursors.set(client.id, since);
  }

  /** The next instance: requests alternate between them. */
  private next() {
    return this.instances[this.turn++ % this.instances.length]!;
  }

  startRecording() {
    this.recording = true;
    this.stats.started = performance.now();
  }

  async send(instance: Instance, call: Call): Promise<Answer> {
    const method = call.method ?? "GET";
    const started = performance.now();
    let answer: Answer;
    try {
      const response = await instance.pool.request({
        method,
        path: call.path,
        headers: { "accept-language": "en", ...call.headers },
        body: call.body,
      });
      const body = Buffer.from(await response.body.arrayBuffer());
      answer = { status: response.statusCode, headers: response.headers, body };
    } catch (error) {
      answer = {
        status: 0,
        headers: {},
        body: Buffer.from(error instanceof Error ? `${error.name}: ${error.message}` : String(error)),
      };
    }
    const micros = (performance.now() - started) * 1000;
    if (call.client) {
      const cost = Number(answer.headers["x-credits-cost"] ?? 0);
      if (Number.isFinite(cost) && cost > 0)
        this.creditsStated.set(call.client.id, (this.creditsStated.get(call.client.id) ?? 0) + cost);
    }
    if (this.recording) {
      this.stats.record(call.group, micros, answer.status);
      if (!isGood(answer.status)) {
        const failure = {
          at: performance.now() - this.stats.started,
          instance: instance.name,
          method,
          path: call.path,
          status: answer.status,
          detail: excerpt(answer),
        };
        if (isFailure(answer.status)) this.stats.failures.push(failure);
        else {
          const key = `${call.group} ${answer.status}`;
          const examples = this.stats.refusals.get(key) ?? [];
          if (examples.length < 3) this.stats.refusals.set(key, [...examples, failure]);
        }
      }
    }
    return answer;
  }

  private api(path: string, group: Group, client: SoakClient) {
    return this.send(this.next(), {
      group,
      path,
      client,
      headers: { accept: "application/json", authorization: `Bearer ${client.secret}` },
    });
  }

  cachedApi() {
    return this.api(pick(this.cachedApiPaths), "api cached", pick(this.data.clients));
  }

  /** A distinct query each time (a moment one millisecond on, or coordinates of their own): no cache answers. */
  uncachedApi() {
    const n = this.uncached++;
    const client = pick(this.data.clients);
    if (n % 2 === 0) {
      const from = new Date(this.startedAt.getTime() - 3_600_000 + n);
      const to = new Date(from.getTime() + 24 * 3_600_000);
      const city = encodeURIComponent(pick(this.data.places).city.toLowerCase());
      return this.api(
        `/api/v1/showtimes?city=${city}&from=${from.toISOString()}&to=${to.toISOString()}`,
        "api uncached",
        client,
      );
    }
    const { latitude, longitude } = pick(this.data.coordinates);
    const jitter = () => (randomInt(-5000, 5000) / 1_000_000).toFixed(6);
    return this.api(
      `/api/v1/showtimes?near=${(latitude + Number(jitter())).toFixed(6)},${(longitude + Number(jitter())).toFixed(6)}&radius=15`,
      "api uncached",
      client,
    );
  }

  /** A client syncing: the change feed from its last cursor (the first call: two days back). */
  async changeFeed() {
    const client = pick(this.data.clients);
    const since = this.changeCursors.get(client.id)!;
    const answer = await this.api(
      `/api/v1/changes?since=${encodeURIComponent(since)}&limit=100`,
      "change feed",
      client,
    );
    if (answer.status === 200) {
      const next = (JSON.parse(answer.body.toString("utf8")) as { pagination?: { next_cursor?: string } })
        .pagination?.next_cursor;
      if (next) this.changeCursors.set(client.id, next);
    }
    return answer;
  }

  private page(path: string, group: Group) {
    return this.send(this.next(), {
      group,
      path,
      headers: { accept: "text/html", "accept-encoding": "br, gzip" },
    });
  }

  home() {
    return this.page(
      randomInt(2) === 0 ? "/" : `/?city=${encodeURIComponent(pick(this.data.places).city)}`,
      "home page",
    );
  }

  film() {
    return this.page(`/films/${pick(this.data.filmSlugs)}`, "film page");
  }

  cinema() {
    return this.page(`/cinemas/${pick(this.data.cinemaSlugs)}`, "cinema page");
  }

  widgetScript() {
    return this.send(this.next(), {
      group: "widget script",
      path: "/widget/v1/reeltime.js",
      headers: { "accept-encoding": "br, gzip", referer: `${WIDGET_ORIGIN}/` },
    });
  }

  /** What the widget asks for: one listing day of a city, with the client's publishable key. */
  widgetShowtimes() {
    const client = pick(this.data.clients);
    const day = new Date(Date.now() + randomInt(3) * 86_400_000).toISOString().slice(0, 10);
    const city = encodeURIComponent(pick(this.data.places).city);
    return this.send(this.next(), {
      group: "widget showtimes",
      path: `/api/v1/showtimes?city=${city}&from=${day}&to=${day}&locale=en&limit=200`,
      client,
      headers: { "x-api-key": client.publishable, origin: WIDGET_ORIGIN, accept: "*/*" },
    });
  }

  widgetEvents() {
    const client = pick(this.data.clients);
    return this.send(this.next(), {
      group: "widget events",
      method: "POST",
      path: "/api/v1/widget/events",
      headers: { "content-type": "text/plain;charset=UTF-8", origin: WIDGET_ORIGIN },
      body: JSON.stringify({ key: client.publishable, impressions: randomInt(1, 20), clicks: randomInt(3) }),
    });
  }

  /**
   * A person signing in on one instance, opening the studio and signing out on the other (one session,
   * both instances). Each from an address of its own, sent as a proxy on loopback would (the instances
   * trust loopback): the per-address sign-in limit counts visitors, not this one machine.
   */
  async signIn() {
    const account = pick(this.data.accounts);
    const address = `10.${randomInt(1, 255)}.${randomInt(1, 255)}.${randomInt(1, 255)}`;
    const first = this.next();
    const answer = await this.send(first, {
      group: "sign-in",
      method: "POST",
      path: "/api/auth/sign-in/email",
      headers: { "content-type": "application/json", origin: first.url, "x-forwarded-for": address },
      body: JSON.stringify({ email: account.email, password: account.password }),
    });
    if (answer.status !== 200) return answer;
    const setCookie = answer.headers["set-cookie"];
    const cookie = (Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [])
      .map((c) => c.split(";")[0])
      .join("; ");
    const second = this.next();
    const headers = { cookie, "x-forwarded-for": address };
    const studio = await this.send(second, {
      group: "studio signed in",
      path: "/studio",
      headers: { ...headers, accept: "text/html", "accept-encoding": "br, gzip" },
    });
    await this.send(second, {
      group: "sign-out",
      method: "POST",
      path: "/api/auth/sign-out",
      headers: { ...headers, "content-type": "application/json", origin: second.url },
      body: "{}",
    });
    return studio;
  }

  /** The mix: relative weights (a sign-in is three requests and a password hash). */
  private readonly mix: [number, () => Promise<Answer>][] = [
    [28, () => this.cachedApi()],
    [14, () => this.uncachedApi()],
    [6, () => this.changeFeed()],
    [12, () => this.home()],
    [8, () => this.film()],
    [8, () => this.cinema()],
    [3, () => this.widgetScript()],
    [10, () => this.widgetShowtimes()],
    [4, () => this.widgetEvents()],
    [0.5, () => this.signIn()],
  ];

  mixText() {
    const total = this.mix.reduce((sum, [w]) => sum + w, 0);
    const names = [
      "API cached",
      "API uncached",
      "change feed",
      "home",
      "film page",
      "cinema page",
      "widget script",
      "widget showtimes",
      "widget events",
      "sign-in → studio → sign-out",
    ];
    return this.mix.map(([w], i) => `${names[i]} ${((100 * w) / total).toFixed(1)}%`).join(", ");
  }

  step() {
    const total = this.mix.reduce((sum, [w]) => sum + w, 0);
    let roll = Math.random() * total;
    for (const [weight, run] of this.mix) {
      roll -= weight;
      if (roll < 0) return run();
    }
    return this.mix[0]![1]();
  }

  /** Every kind of call once on each instance: a path or parameter the server refuses ends the soak first. */
  async probe() {
    const checks: [string, () => Promise<Answer>][] = [
      ...this.cachedApiPaths.map((p): [string, () => Promise<Answer>] => [
        p,
        () => this.api(p, "api cached", this.data.clients[0]!),
      ]),
      ["uncached showtimes (city, from)", () => this.uncachedApi()],
      ["uncached showtimes (near)", () => this.uncachedApi()],
      ["change feed", () => this.changeFeed()],
      ["home", () => this.home()],
      ["widget script", () => this.widgetScript()],
      ["widget showtimes", () => this.widgetShowtimes()],
      ["widget events", () => this.widgetEvents()],
      ["sign-in, studio, sign-out", () => this.signIn()],
    ];
    for (let round = 0; round < this.instances.length; round++) {
      for (const [label, run] of checks) {
        const answer = await run();
        if (!isGood(answer.status))
          throw new SoakError(`probe "${label}" answered ${answer.status}: ${excerpt(answer)}`);
      }
    }
    // Films and cinemas with showtimes to come whose page answers (a hidden one would answer 404).
    const keep = async (slugs: string[], prefix: string) => {
      const kept: string[] = [];
      for (const slug of slugs) {
        const answer = await this.send(this.instances[0]!, {
          group: "film page",
          path: `${prefix}${slug}`,
          headers: { accept: "text/html" },
        });
        if (answer.status === 200) kept.push(slug);
      }
      if (kept.length === 0) throw new SoakError(`no ${prefix}… page answered 200`);
      return kept;
    };
    this.data.filmSlugs = await keep(this.data.filmSlugs, "/films/");
    this.data.cinemaSlugs = await keep(this.data.cinemaSlugs, "/cinemas/");
  }
}

// ---- set-up and clean-up ------------------------------------------------------------------------

type Cleanup = { label: string; run: () => Promise<void> };

async function provideDatabase(cleanups: Cleanup[]): Promise<string> {
  if (process.env.SOAK_DATABASE_URL) return process.env.SOAK_DATABASE_URL;
  const name = `reeltime_soak_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  try {
    await admin.connect();
  } catch (error) {
    throw new SoakError(
      `cannot reach PostgreSQL at ${ADMIN_URL} (${error instanceof Error ? error.message : String(error)}): set SOAK_ADMIN_DATABASE_URL or SOAK_DATABASE_URL`,
    );
  }
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  cleanups.push({
    label: `drop database ${name}`,
    run: async () => {
      const again = new pg.Client({ connectionString: ADMIN_URL });
      await again.connect();
      try {
        await again.query(`drop database if exists ${name} with (force)`);
      } finally {
        await again.end();
      }
    },
  });
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function provideRedis(cleanups: Cleanup[]): Promise<string> {
  if (process.env.SOAK_REDIS_URL) return process.env.SOAK_REDIS_URL;
  try {
    execFileSync("redis-server", ["--version"], { stdio: "ignore" });
  } catch {
    throw new SoakError("no redis-server on PATH: install Redis, or set SOAK_REDIS_URL to an empty Redis");
  }
  const redis = await startOwnRedis();
  cleanups.push({ label: "stop redis-server", run: () => redis.destroy() });
  return redis.url;
}

async function startInstances(
  databaseUrl: string,
  redisUrl: string,
  workDir: string,
  cleanups: Cleanup[],
): Promise<Instance[]> {
  const authSecret = randomBytes(32).toString("hex");
  const instances: Instance[] = [];
  for (const [name, worker] of [
    ["A", true],
    ["B", false],
  ] as const) {
    checkInterrupted();
    const logFile = path.join(workDir, `server-${name}.log`);
    log(`starting instance ${name}${worker ? " (job worker)" : ""}; log: ${logFile}`);
    const server = await startServer({
      env: {
        DATA_DIR: path.join(workDir, `data-${name}`),
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisUrl,
        // One secret for both: a session made on one instance is valid on the other.
        AUTH_SECRET: authSecret,
        SEED_DEMO: "false",
        WORKER: String(worker),
        // Sign-ins come from many addresses, forwarded as a proxy on loopback would (as tests/e2e does).
        TRUSTED_PROXIES: "loopback",
        NODE_OPTIONS: `--max-old-space-size=${HEAP_MB}`,
      },
      logFile,
      timeoutMs: 120_000,
    });
    const pool = new Pool(server.url, {
      connections: CONNECTIONS,
      headersTimeout: 30_000,
      bodyTimeout: 30_000,
    });
    const instance = { name, url: server.url, server, pool, logFile };
    instances.push(instance);
    cleanups.push({
      label: `stop instance ${name}`,
      run: async () => {
        if (!pool.closed) await pool.close();
        await server.stop();
      },
    });
  }
  return instances;
}

async function runCleanups(cleanups: Cleanup[]) {
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup.run();
    } catch (error) {
      process.stderr.write(
        `clean-up "${cleanup.label}" failed: ${error instanceof Error ? error.message : String(error)}\n`,
      );
    }
  }
}

// ---- the run ------------------------------------------------------------------------------------

type InstanceFigures = {
  idle: Probe;
  warm: Probe;
  end: Probe;
  /** the largest event-loop p99 of any minute */
  worstLoopP99: number;
  /** RSS at each minute line after the warm-up (the end one included) */
  rss: number[];
};

/**
 * The level RSS ended at: the median of the last three minute samples (fewer in a short run). RSS swings
 * by a hundred MB and more from one minute to the next as V8 grows and returns its heap; a leak is a
 * trend, and the median keeps it while one high sample at the end does not count as growth.
 */
const endLevel = (f: InstanceFigures) => median(f.rss.slice(-3));

async function drive(traffic: Traffic, instances: Instance[], monitor: pg.Client) {
  const figures = new Map<string, InstanceFigures>();
  for (const instance of instances) {
    const idle = await readMetrics(instance);
    figures.set(instance.name, { idle, warm: idle, end: idle, worstLoopP99: Number.NaN, rss: [] });
  }
  const connectionsAtStart = await pgConnections(monitor);
  log(
    `PostgreSQL connections before the traffic: ${connectionsAtStart.total} (${connectionsAtStart.byState})`,
  );

  const started = performance.now();
  const stopAt = started + DURATION_MS;
  traffic.startRecording();
  let running = true;
  const workers = Array.from({ length: CONNECTIONS }, async () => {
    while (running) await traffic.step();
  });

  let lastLine = started;
  let warmedUp = false;
  const minuteLine = async (label: string) => {
    const minute = traffic.stats.takeMinute();
    const now = performance.now();
    const rate = minute.count / ((now - lastLine) / 1000);
    lastLine = now;
    const parts = [
      `[${clock(now - started)}] ${label}`,
      `${rate.toFixed(0)} req/s`,
      `p50 ${formatMs(ms(minute.latency, 50))}, p99 ${formatMs(ms(minute.latency, 99))}`,
      `non-2xx/3xx ${minute.bad}, 5xx/failed ${minute.failed}`,
    ];
    for (const instance of instances) {
      const probe = await readMetrics(instance);
      const f = figures.get(instance.name)!;
      f.end = probe;
      if (warmedUp) f.rss.push(probe.rss);
      if (!(f.worstLoopP99 >= probe.loopP99)) f.worstLoopP99 = probe.loopP99;
      parts.push(`${instance.name}: RSS ${mb(probe.rss)}, loop p99 ${formatMs(probe.loopP99)}`);
    }
    const connections = await pgConnections(monitor);
    parts.push(`PostgreSQL ${connections.total} connections`);
    process.stdout.write(`${parts.join(" · ")}\n`);
  };

  // Warm-up: the RSS after it is the level the bound is measured from.
  await pause(WARMUP_MS);
  warmedUp = true;
  if (!interruption.signal.aborted) {
    await minuteLine("warm-up done");
    for (const instance of instances) {
      const f = figures.get(instance.name)!;
      f.warm = f.end;
    }
  }
  let nextMark = started + 60_000;
  while (!interruption.signal.aborted && performance.now() < stopAt) {
    await pause(Math.min(nextMark, stopAt) - performance.now());
    if (interruption.signal.aborted || performance.now() >= stopAt) break;
    await minuteLine("minute");
    nextMark += 60_000;
  }
  running = false;
  await Promise.all(workers);
  const elapsedMs = performance.now() - started;
  if (!interruption.signal.aborted) await minuteLine("end");
  const connectionsAtEnd = await pgConnections(monitor);
  return { figures, connectionsAtStart, connectionsAtEnd, elapsedMs };
}

type CreditRow = { slug: string; clientId: string; balance: number; ledger: number; used: number };

async function creditRows(monitor: pg.Client): Promise<CreditRow[]> {
  const { rows } = await monitor.query<{
    slug: string;
    client_id: string;
    balance: string | null;
    ledger: string;
    used: string;
  }>(`select c.slug, c.uuid as client_id, b.balance,
        (select coalesce(sum(delta), 0) from credit_transactions t where t.client_id = c.uuid) as ledger,
        (select coalesce(-sum(delta), 0) from credit_transactions t where t.client_id = c.uuid and t.kind = 'usage') as used
      from clients c left join credit_balances b on b.client_id = c.uuid order by c.slug`);
  return rows.map((r) => ({
    slug: r.slug,
    clientId: r.client_id,
    balance: Number(r.balance ?? 0),
    ledger: Number(r.ledger),
    used: Number(r.used),
  }));
}

/**
 * The servers' own warnings, errors and fatal lines (pino, levels as labels): counted by level and
 * message, with the first error lines in full (cut at 600 characters).
 */
async function serverLogLines(instances: Instance[]) {
  const lines: string[] = [];
  for (const instance of instances) {
    const text = await readFile(instance.logFile, "utf8").catch(() => "");
    const counts = new Map<string, number>();
    const errors: string[] = [];
    for (const line of text.split("\n")) {
      const level = /"level":"(warn|error|fatal)"/.exec(line)?.[1];
      if (!level) continue;
      const message = /"msg":"((?:[^"\\]|\\.)*)"/.exec(line)?.[1] ?? "";
      const key = `${level}: ${message}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
      if (level !== "warn") errors.push(line);
    }
    lines.push(
      `  instance ${instance.name}: ${counts.size === 0 ? "no warnings or errors" : [...counts].map(([key, n]) => `${n} × ${key}`).join("; ")}`,
    );
    for (const line of errors.slice(0, 5)) lines.push(`    ${line.slice(0, 600)}`);
  }
  return lines;
}

async function main(): Promise<number> {
  if (!existsSync(path.join(root, "build/server/index.js"))) {
    process.stderr.write("There is no production build in build/: run `npm run build` first.\n");
    return 1;
  }
  const runStarted = new Date();
  log(
    `Node ${process.version}, ${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}; ${MINUTES} min of traffic, ${CONNECTIONS} connections, ${CLIENTS} API clients`,
  );
  const workDir = await mkdtemp(path.join(os.tmpdir(), "reeltime-soak-"));
  const cleanups: Cleanup[] = [];
  let failed = true;
  try {
    const redisUrl = await provideRedis(cleanups);
    const databaseUrl = await provideDatabase(cleanups);
    log(`database ${new URL(databaseUrl).pathname.slice(1)}, Redis ${redisUrl}`);
    checkInterrupted();
    log("migrating and seeding the demo data, accounts and API clients…");
    const handle = await openPostgres(databaseUrl, { max: 2 });
    let data: SoakData;
    try {
      await handle.migrate();
      data = await seedSoakData(handle.db, {
        clients: CLIENTS,
        credits: CREDITS_PER_CLIENT,
        now: runStarted,
      });
    } finally {
      await handle.close();
    }
    const instances = await startInstances(databaseUrl, redisUrl, workDir, cleanups);
    const monitor = new pg.Client({ connectionString: databaseUrl });
    await monitor.connect();
    cleanups.push({ label: "close the monitoring connection", run: () => monitor.end() });

    const traffic = new Traffic(instances, data, runStarted);
    log("probing every kind of call on both instances…");
    await traffic.probe();
    log(
      `${data.filmSlugs.length} film pages, ${data.cinemaSlugs.length} cinema pages, ${data.places.length} cities; mix: ${traffic.mixText()}`,
    );
    checkInterrupted();

    const run = await drive(traffic, instances, monitor);
    const interrupted = interruption.signal.aborted;

    // Stopped before the ledger is read: each instance writes its buffered usage as it shuts down.
    for (const instance of instances) {
      const stopStarted = performance.now();
      if (!instance.pool.closed) await instance.pool.close();
      await instance.server.stop();
      log(`instance ${instance.name} stopped in ${formatMs(performance.now() - stopStarted)}`);
    }
    const credits = await creditRows(monitor);
    const lines = report(traffic, instances, run, credits, interrupted);
    lines.push(...(await serverLogLines(instances)));
    failed = lines.some((line) => line.startsWith("FAIL"));
    lines.push(
      interrupted
        ? "INTERRUPTED: the figures cover the traffic until then."
        : failed
          ? "SOAK FAILED (see the FAIL lines above)."
          : "SOAK PASSED.",
    );
    process.stdout.write(`\n${lines.join("\n")}\n`);
    return interrupted ? 130 : failed ? 1 : 0;
  } catch (error) {
    process.stderr.write(
      `soak: ${error instanceof SoakError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    return interruption.signal.aborted ? 130 : 1;
  } finally {
    await runCleanups(cleanups);
    if (failed || process.env.SOAK_KEEP) log(`server logs kept in ${workDir}`);
    else await rm(workDir, { recursive: true, force: true });
  }
}

function report(
  traffic: Traffic,
  instances: Instance[],
  run: Awaited<ReturnType<typeof drive>>,
  credits: CreditRow[],
  interrupted: boolean,
): string[] {
  const { stats } = traffic;
  const seconds = run.elapsedMs / 1000;
  const lines: string[] = [
    `Soak: ${(seconds / 60).toFixed(1)} min of traffic, ${CONNECTIONS} keep-alive connections alternating between 2 instances (A with the job worker), ${CLIENTS} API clients, on PostgreSQL + Redis`,
    "",
  ];
  let total = 0;
  const totalLatency = newHistogram();
  const rows = GROUPS.map((group) => {
    const g = stats.groups.get(group)!;
    const count = [...g.statuses.values()].reduce((a, b) => a + b, 0);
    total += count;
    totalLatency.add(g.latency);
    const bad = [...g.statuses].filter(([s]) => !isGood(s)).reduce((a, [, n]) => a + n, 0);
    return [
      group,
      formatCount(count),
      (count / seconds).toFixed(1),
      formatMs(ms(g.latency, 50)),
      formatMs(ms(g.latency, 99)),
      formatMs(g.latency.count ? g.latency.max / 1000 : Number.NaN),
      String(bad),
    ];
  });
  rows.push([
    "all",
    formatCount(total),
    (total / seconds).toFixed(1),
    formatMs(ms(totalLatency, 50)),
    formatMs(ms(totalLatency, 99)),
    formatMs(totalLatency.count ? totalLatency.max / 1000 : Number.NaN),
    "",
  ]);
  lines.push(renderTable(["route group", "requests", "req/s", "p50", "p99", "max", "non-2xx/3xx"], rows));

  lines.push("", "Statuses by route group (status 0: no answer — connection failed or timed out):");
  lines.push(
    renderTable(
      ["route group", "statuses"],
      GROUPS.map((group) => [
        group,
        [...stats.groups.get(group)!.statuses]
          .sort(([a], [b]) => a - b)
          .map(([status, n]) => `${status}: ${formatCount(n)}`)
          .join(", ") || "–",
      ]),
    ),
  );

  lines.push("");
  if (stats.failures.length === 0) lines.push("ok   no 5xx and no transport errors");
  else {
    lines.push(`FAIL ${stats.failures.length} answers were 5xx or never came:`);
    for (const f of stats.failures.slice(0, 50))
      lines.push(
        `  [${clock(f.at)}] instance ${f.instance} ${f.method} ${f.path} → ${f.status || "no answer"}: ${f.detail}`,
      );
    if (stats.failures.length > 50) lines.push(`  … and ${stats.failures.length - 50} more`);
  }
  if (stats.refusals.size > 0) {
    lines.push("Other refusals (not a failure of the soak; the first three of each):");
    for (const [key, examples] of stats.refusals) {
      lines.push(`  ${key}:`);
      for (const f of examples)
        lines.push(`    [${clock(f.at)}] instance ${f.instance} ${f.method} ${f.path}: ${f.detail}`);
    }
  }

  lines.push("");
  const instanceRows = instances.map((instance) => {
    const f = run.figures.get(instance.name)!;
    return [
      instance.name,
      mb(f.idle.rss),
      mb(f.warm.rss),
      mb(f.end.rss),
      mb(endLevel(f)),
      `${endLevel(f) - f.warm.rss >= 0 ? "+" : ""}${mb(endLevel(f) - f.warm.rss)}`,
      mb(Math.max(f.warm.rss * RSS_BOUND.fraction, RSS_BOUND.bytes)),
      formatMs(f.warm.loopP99),
      formatMs(f.end.loopP99),
      formatMs(f.worstLoopP99),
      formatMs(Math.max(f.warm.loopMax, f.end.loopMax)),
    ];
  });
  lines.push(
    renderTable(
      [
        "instance",
        "RSS idle",
        "after warm-up",
        "end",
        "end level",
        "growth",
        "bound",
        "loop p99 warm-up",
        "last minute",
        "worst minute",
        "max (warm-up/end)",
      ],
      instanceRows,
    ),
  );
  for (const instance of instances) {
    const f = run.figures.get(instance.name)!;
    const bound = Math.max(f.warm.rss * RSS_BOUND.fraction, RSS_BOUND.bytes);
    const growth = endLevel(f) - f.warm.rss;
    if (interrupted) lines.push(`--   instance ${instance.name}: RSS not judged (interrupted)`);
    else if (!Number.isFinite(growth))
      lines.push(`FAIL instance ${instance.name}: RSS could not be read from /metrics`);
    else
      lines.push(
        `${growth <= bound ? "ok  " : "FAIL"} instance ${instance.name}: RSS grew ${mb(growth)} after the warm-up (end level: the median of the last ${Math.min(3, f.rss.length)} minute samples; bound: ${mb(bound)}, the larger of 25% and 150 MB)`,
      );
  }
  lines.push(
    `PostgreSQL connections to the soak's database: ${run.connectionsAtStart.total} at the start (${run.connectionsAtStart.byState}), ${run.connectionsAtEnd.total} at the end (${run.connectionsAtEnd.byState})`,
  );

  lines.push("", "Credits (after both instances stopped and wrote their usage):");
  lines.push(
    renderTable(
      ["client", "balance", "ledger sum", "equal", "charged (usage rows)", "stated by the answers", "equal"],
      credits.map((c) => {
        const stated = traffic.creditsStated.get(c.clientId) ?? 0;
        return [
          c.slug,
          formatCount(c.balance),
          formatCount(c.ledger),
          c.balance === c.ledger ? "yes" : "NO",
          formatCount(c.used),
          formatCount(stated),
          c.used === stated ? "yes" : "NO",
        ];
      }),
    ),
  );
  const unequal = credits.filter((c) => c.balance !== c.ledger);
  lines.push(
    unequal.length === 0
      ? `ok   every balance equals its ledger sum (${credits.length} clients)`
      : `FAIL ${unequal.length} balances differ from their ledger sums: ${unequal.map((c) => c.slug).join(", ")}`,
  );
  const misCharged = credits.filter((c) => c.used !== (traffic.creditsStated.get(c.clientId) ?? 0));
  lines.push(
    misCharged.length === 0
      ? `ok   every client was charged exactly the credits its answers stated (X-Credits-Cost), ${formatCount(credits.reduce((s, c) => s + c.used, 0))} in all`
      : `FAIL ${misCharged.length} clients were charged other than their answers stated: ${misCharged.map((c) => c.slug).join(", ")}`,
  );
  lines.push("", "Server logs:");
  return lines;
}

process.exitCode = await main();
