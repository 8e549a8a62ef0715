// `npm run bench`: measures in ONE run, side by side, on this machine:
//   (a) the edge — a bare node:http hello-world server (bench/bare-server.ts) and GET /healthz through
//       the real built server (every middleware, request logging at npm start's level), the same
//       autocannon load on each, alternated over BENCH_ROUNDS rounds; medians and the ratio;
//   (b) the home page's listing query (core/showtimes/find-listing.ts) at the demo size and at
//       BENCH_SHOWTIMES showtimes, on PGlite and (when TEST_DATABASE_URL is set) PostgreSQL;
//   (c) the public pages at both sizes: the home page's and Paris's HTML size, GET / from the page
//       cache beside the bare server (hello world, and the home page's bytes), and Paris rendered anew
//       for every request (a distinct query: the page cache misses), under load and from one connection;
//   (d) the public API at BENCH_SHOWTIMES showtimes: GET /api/v1/showtimes with a secret key, cached
//       (the same query again and again: the response cache answers) and uncached (every request a
//       distinct query: the key, limiter, credits and the real handler + database each time), beside
//       the bare server measured again just before, with the ratios; and uncached again from one
//       connection (a request's own latency, with nothing queued in front of it);
//   (e) the studio's showtimes and movies tables (their loaders' list functions) at BENCH_SHOWTIMES
//       showtimes and BENCH_MOVIES movies: p95 per page / sort / filter / search, beside the plainest
//       page of the same table (bench/studio-tables.ts);
//   (f) movie matching on the labelled set (tests/data/matching/) through the CLI — import-movies, then
//       match-titles — precision, recall, top-3 rate and titles/s, beside the naive exact-title matcher
//       (bench/matching.ts). Embedded database only; needs no build and no server;
//   (g) import throughput: a generated native feed of BENCH_IMPORT_ROWS showtimes through the real import
//       run, and the same file again, beside a plain bulk insert of the same rows (bench/import-feed.ts);
//   (h) the widget's first showtimes: the embed snippet on a second loopback origin in Debian's Chromium,
//       from the script's arrival to the first showtime chip, cold and warm, beside a plain fetch of the
//       same API URL from the same page origin (bench/widget-first-showtimes.ts);
//   (j) image uploads: four concurrent uploads of the 200-byte feMorphology SVG through the real server and a
//       sign-in while they run, beside the same sign-in on the idle server (bench/uploads.ts);
//   (i) Lighthouse's mobile run on /, /?city=Paris, /cookieverklaring, a film page and a cinema page: the
//       four scores beside the targets and the audits that cost the most (bench/lighthouse.ts; alone:
//       `npm run bench:lighthouse`).
// Servers are child processes on free 127.0.0.1 ports with fresh data directories, started as
// `npm start` starts them (production build, LOG_LEVEL info). Not a test: nothing asserts on time.
//
// Knobs (environment):
//   BENCH_ONLY         comma-separated parts to run: http (a), listing (b), pages (c), api (d), tables (e),
//                      matching (f), import (g), widget (h), lighthouse (i), uploads (j); default
//                      all. "http" needs no database work at all; the others seed and grow to
//                      BENCH_SHOWTIMES first (BENCH_ONLY=http is the quick loop for the edge).
//   BENCH_SHOWTIMES    showtimes to grow to (1000000)
//   BENCH_MOVIES       movies to grow to for part (e) (50000)
//   BENCH_IMPORT_ROWS  showtimes in part (g)'s generated feed (1000000)
//   BENCH_WIDGET_RUNS  page loads per case in part (h) (20)
//   BENCH_ITERATIONS   calls per listing-query case (200)
//   BENCH_DURATION     seconds measured per autocannon run (10)
//   BENCH_WARMUP       seconds of the same load before each measured run, not counted (3)
//   BENCH_CONNECTIONS  concurrent keep-alive connections, one request at a time each (10)
//   BENCH_ROUNDS       rounds of part (a), bare and /healthz alternated (3)
//   BENCH_KEEP=1       keeps the temporary data directory and the server logs
//   BENCH_ENGINES      pglite,postgres (default both; postgres needs TEST_DATABASE_URL)
//   TEST_DATABASE_URL  PostgreSQL to create the bench databases in (else PGlite only)
// Every autocannon run — baseline and targets — uses the same duration, warm-up and connections.
import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { type DatabaseHandle, openPglite, openPostgres } from "../db/client.ts";
import { type ListingQuery, type Place, findListing } from "../core/showtimes/find-listing.ts";
import { addDays, listingDateOf } from "../core/showtimes/listing-day.ts";
import { growMovies } from "./grow-movies.ts";
import { countShowtimes, growShowtimes } from "./grow-showtimes.ts";
import { type MatchingBench, measureMatching } from "./matching.ts";
import { measureStudioTables, type TableFigures } from "./studio-tables.ts";
import { benchImport, type ImportFigures, importReport } from "./feed-import.ts";
import {
  benchLighthouse,
  type LighthousePage,
  lighthouseReport,
  saveLighthouseReports,
} from "./lighthouse.ts";
import { benchUploads, type UploadFigures, uploadsReport } from "./uploads.ts";
import { benchWidgetFirstShowtimes, type WidgetFigures, widgetReport } from "./widget-first-showtimes.ts";
import {
  ensureBuild,
  type LoadSettings,
  measureThroughput,
  startBareServer,
  startBuiltServer,
  type Throughput,
} from "./server.ts";
import { formatCount, formatMs, formatRatio, median, renderTable, sample, summarize } from "./stats.ts";

const PARTS = [
  "http",
  "listing",
  "pages",
  "api",
  "tables",
  "matching",
  "import",
  "widget",
  "lighthouse",
  "uploads",
] as const;
type Part = (typeof PARTS)[number];
const ONLY = new Set<Part>(
  (process.env.BENCH_ONLY ?? PARTS.join(","))
    .split(",")
    .map((p) => p.trim())
    .filter((p): p is Part => (PARTS as readonly string[]).includes(p)),
);
const TARGET = Number(process.env.BENCH_SHOWTIMES ?? 1_000_000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 200);
const MOVIES_TARGET = Number(process.env.BENCH_MOVIES ?? 50_000);
const LOAD: LoadSettings = {
  durationSeconds: Number(process.env.BENCH_DURATION ?? 10),
  warmupSeconds: Number(process.env.BENCH_WARMUP ?? 3),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 10),
};
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? "";
const ENGINES = (process.env.BENCH_ENGINES ?? "pglite,postgres")
  .split(",")
  .map((e) => e.trim())
  .filter((e): e is DatabaseHandle["kind"] => e === "pglite" || e === "postgres");
const root = path.resolve(import.meta.dirname, "..");
/** "1M" for the default target, "300k" for BENCH_SHOWTIMES=300000. */
const BIG = TARGET >= 1_000_000 ? `${+(TARGET / 1_000_000).toFixed(2)}M` : `${+(TARGET / 1000).toFixed(1)}k`;
const LOAD_TEXT = `autocannon ${LOAD.connections} connections × ${LOAD.durationSeconds} s after ${LOAD.warmupSeconds} s warm-up`;

/** The targets of the issue, printed beside the figures. */
const TARGETS = {
  healthz: 0.6,
  cachedHome: 0.25,
  parisRenderP50Ms: 100,
  homeKb: 100,
  cached: 0.5,
  uncachedP99Ms: 50,
  tableP95Ms: { postgres: 100, pglite: 300 } as Record<DatabaseHandle["kind"], number>,
};

/** The home page's default place, and a dense one (Paris: the most cinemas in the demo data). */
const PLACES: { label: string; place: Place; timeZone: string }[] = [
  {
    label: "Amsterdam (home default)",
    place: { kind: "city", city: "Amsterdam", countryCode: "NL" },
    timeZone: "Europe/Amsterdam",
  },
  { label: "Paris", place: { kind: "city", city: "Paris", countryCode: "FR" }, timeZone: "Europe/Paris" },
];

/** "big" is BENCH_SHOWTIMES (1M by default), printed as BIG. */
type Size = "demo" | "big";
type QueryFigures = { rows: number; p50: number; p99: number; samples: number };
type EdgeRound = { bare: Throughput; healthz: Throughput };
/** uncachedAlone: the uncached query from one connection, so no request waits behind another. */
/** bareSameBytes: the bare server answering the cached answer's bytes. */
type ApiFigures = {
  bare: Throughput;
  bareSameBytes: Throughput;
  cached: Throughput;
  uncached: Throughput;
  uncachedAlone: Throughput;
};
/** Part (c): the public pages beside the bare server, at one size. */
type PageFigures = {
  homeBytes: number;
  parisBytes: number;
  bare: Throughput;
  bareSameBytes: Throughput;
  /** GET / again and again, asking for brotli as browsers do: the page cache answers */
  cachedHome: Throughput;
  /** the same without Accept-Encoding: every request carries the whole HTML */
  cachedHomeIdentity: Throughput;
  homeBrotliBytes: number;
  /** every request another URL (?city=Paris&n=…): the page cache misses, the listing data is shared */
  uncachedParis: Throughput;
  uncachedParisAlone: Throughput;
};
type EngineResult = {
  engine: DatabaseHandle["kind"];
  showtimes: Record<Size, number>;
  seedMs: number;
  growMs: number;
  queries: Record<string, Partial<Record<Size, QueryFigures>>>;
  http: Partial<Record<Size, PageFigures>>;
  api?: ApiFigures;
  tables?: TableFigures;
  movies?: number;
  error?: string;
};

const log = (message: string) => process.stdout.write(`· ${message}\n`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const rps = (t: Throughput | undefined) => (t?.requestsPerSecond ?? Number.NaN).toFixed(0);
const pct = (value: number, base: number) =>
  Number.isFinite(value) && Number.isFinite(base) && base > 0 ? `${((100 * value) / base).toFixed(0)}%` : "–";

/** The API query of part (d): the next 24 hours of shows in Amsterdam, first page (50). */
function showtimesPath(from: Date) {
  const to = new Date(from.getTime() + 24 * 3_600_000);
  return `/api/v1/showtimes?city=amsterdam&from=${from.toISOString()}&to=${to.toISOString()}`;
}

/** What the home page asks for (app/routes/home/listing.server.ts): today, or tomorrow late at night. */
async function listingQuery(db: DatabaseHandle["db"], now: Date, place: Place, timeZone: string) {
  const today = listingDateOf(now, timeZone);
  const query: ListingQuery = {
    place,
    date: today,
    attributes: [],
    locale: "en",
    notBefore: new Date(now.getTime() - 15 * 60_000),
  };
  const movies = await findListing(db, query);
  if (movies.length > 0) return query;
  return { ...query, date: addDays(today, 1), notBefore: undefined };
}

async function measureQueries(
  handle: DatabaseHandle,
  now: Date,
  queries: Map<string, ListingQuery>,
  size: Size,
  result: EngineResult,
) {
  for (const { label, place, timeZone } of PLACES) {
    let query = queries.get(label);
    if (!query) {
      query = await listingQuery(handle.db, now, place, timeZone);
      queries.set(label, query);
    }
    const fixed = query;
    const { samples, last } = await sample(() => findListing(handle.db, fixed), {
      iterations: ITERATIONS,
      warmup: 10,
      maxMs: 20_000,
    });
    const stats = summarize(samples);
    const rows = (last ?? []).reduce((n, movie) => n + movie.showtimeCount, 0);
    (result.queries[label] ??= {})[size] = { rows, p50: stats.p50, p99: stats.p99, samples: stats.count };
    log(
      `${result.engine} ${size} ${label}: ${rows} showtimes listed, p50 ${formatMs(stats.p50)}, p99 ${formatMs(stats.p99)} (${stats.count} calls)`,
    );
  }
}

const cpu = (t: Throughput | undefined) =>
  Number.isFinite(t?.serverCpuMicrosPerRequest) ? `${t!.serverCpuMicrosPerRequest.toFixed(0)} µs` : "–";
const describeRun = (label: string, t: Throughput) =>
  `${label}: ${t.requestsPerSecond.toFixed(0)} req/s, p50 ${formatMs(t.latencyP50)}, p99 ${formatMs(t.latencyP99)}, server CPU ${cpu(t)}/request` +
  (t.non2xx || t.errors ? ` (${t.non2xx} non-2xx, ${t.errors} errors)` : "");

/** (a) Bare node:http vs /healthz through the real server, alternated so drift hits both alike. */
async function benchEdge(workDir: string, rounds: EdgeRound[]) {
  const dataDir = path.join(workDir, "edge");
  await mkdir(dataDir, { recursive: true });
  const bare = await startBareServer({ logFile: path.join(workDir, "bare-edge.log") });
  try {
    const server = await startBuiltServer({
      env: { DATA_DIR: dataDir, AUTH_SECRET: randomBytes(32).toString("hex"), SEED_DEMO: "false" },
      logFile: path.join(workDir, "server-edge.log"),
    });
    try {
      const headers = { accept: "*/*" };
      for (let round = 1; round <= ROUNDS; round++) {
        const measureHello = () => measureThroughput(`${bare.url}/`, LOAD, { headers, serverPid: bare.pid });
        const measureHealthz = () =>
          measureThroughput(`${server.url}/healthz`, LOAD, { headers, serverPid: server.pid });
        let figures: EdgeRound;
        if (round % 2 === 1) {
          const b = await measureHello();
          figures = { bare: b, healthz: await measureHealthz() };
        } else {
          const h = await measureHealthz();
          figures = { healthz: h, bare: await measureHello() };
        }
        rounds.push(figures);
        log(
          `edge round ${round}/${ROUNDS}: ${describeRun("bare", figures.bare)}; ${describeRun("/healthz", figures.healthz)} ` +
            `(${pct(figures.healthz.requestsPerSecond, figures.bare.requestsPerSecond)})`,
        );
      }
    } finally {
      await server.stop();
    }
  } finally {
    await bare.stop();
  }
}

/** The bare server (hello world, or `bodyFile`'s bytes) under the same load as every target. */
async function measureBare(workDir: string, name: string, bodyFile?: string): Promise<Throughput> {
  const bareServer = await startBareServer({ logFile: path.join(workDir, `${name}.log`), bodyFile });
  try {
    return await measureThroughput(`${bareServer.url}/`, LOAD, {
      headers: { accept: "*/*" },
      serverPid: bareServer.pid,
    });
  } finally {
    await bareServer.stop();
  }
}

/**
 * (c) The public pages: the home page's and Paris's HTML size; the bare server (hello world, and the
 * home page's own bytes); GET / from the page cache; Paris rendered anew for every request (a distinct
 * query each time: the page cache misses; the listing data cache is part of the design and answers),
 * under the common load and from one connection (a render's own latency).
 */
async function benchPages(
  server: { url: string; pid: number },
  workDir: string,
  name: string,
): Promise<PageFigures> {
  const headers = { accept: "text/html" };
  const fetchPage = async (pagePath: string) => {
    const response = await fetch(`${server.url}${pagePath}`, {
      headers: { ...headers, "accept-encoding": "identity" },
    });
    const body = await response.text();
    if (!response.ok) throw new Error(`GET ${pagePath} answered ${response.status}`);
    return body;
  };
  const home = await fetchPage("/");
  const paris = await fetchPage("/?city=Paris");
  const homeBytes = Buffer.byteLength(home);
  const parisBytes = Buffer.byteLength(paris);
  log(`${name}: GET / ${formatCount(homeBytes)} bytes, /?city=Paris ${formatCount(parisBytes)} bytes`);

  const bare = await measureBare(workDir, `bare-pages-${name}`);
  log(`${name}: ${describeRun("bare", bare)}`);
  const bodyFile = path.join(workDir, `home-${name}.html`);
  await writeFile(bodyFile, home);
  const bareSameBytes = await measureBare(workDir, `bare-home-bytes-${name}`, bodyFile);
  log(`${name}: ${describeRun("bare, the home page's bytes", bareSameBytes)}`);
  const brotli = await fetch(`${server.url}/`, { headers: { ...headers, "accept-encoding": "br" } });
  const homeBrotliBytes = Number(brotli.headers.get("content-length"));
  await brotli.arrayBuffer();
  const cachedHome = await measureThroughput(`${server.url}/`, LOAD, {
    headers: { ...headers, "accept-encoding": "br, gzip" },
    serverPid: server.pid,
  });
  log(`${name}: ${describeRun(`GET / (page cache, br: ${formatCount(homeBrotliBytes)} bytes)`, cachedHome)}`);
  const cachedHomeIdentity = await measureThroughput(`${server.url}/`, LOAD, {
    headers,
    serverPid: server.pid,
  });
  log(`${name}: ${describeRun("GET / (page cache, uncompressed)", cachedHomeIdentity)}`);
  const uncachedParis = await measureThroughput(server.url, LOAD, {
    headers,
    serverPid: server.pid,
    pathFor: (n) => `/?city=Paris&n=${n}`,
  });
  log(`${name}: ${describeRun("Paris, rendered each time", uncachedParis)}`);
  const uncachedParisAlone = await measureThroughput(
    server.url,
    { ...LOAD, connections: 1 },
    { headers, serverPid: server.pid, pathFor: (n) => `/?city=Paris&n=${1_000_000 + n}` },
  );
  log(`${name}: ${describeRun("Paris, rendered each time, one connection", uncachedParisAlone)}`);
  return {
    homeBytes,
    homeBrotliBytes,
    parisBytes,
    bare,
    bareSameBytes,
    cachedHome,
    cachedHomeIdentity,
    uncachedParis,
    uncachedParisAlone,
  };
}

/** (d) The API's showtimes list on the grown database: bare again, then cached, then uncached. */
async function benchApi(
  server: { url: string; pid: number },
  apiKey: string,
  workDir: string,
  engine: string,
): Promise<ApiFigures> {
  const serverUrl = server.url;
  const headers = { accept: "application/json", authorization: `Bearer ${apiKey}` };
  const from = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 3_600_000);
  const cachedPath = showtimesPath(from);
  const probe = await fetch(`${serverUrl}${cachedPath}`, { headers });
  const probeBody = await probe.text();
  if (!probe.ok) throw new Error(`GET ${cachedPath} answered ${probe.status}: ${probeBody.slice(0, 300)}`);
  const count = (JSON.parse(probeBody) as { data?: unknown[] }).data?.length ?? 0;
  log(`${engine}: GET ${cachedPath} → ${probe.status}, ${count} showtimes, ${probeBody.length} bytes`);

  const bare = await measureBare(workDir, `bare-${engine}`);
  log(`${engine}: ${describeRun("bare", bare)}`);
  // For scale: the bare server answering the very bytes of this API answer.
  const bodyFile = path.join(workDir, `api-answer-${engine}.json`);
  await writeFile(bodyFile, probeBody);
  const bareSameBytes = await measureBare(workDir, `bare-same-bytes-${engine}`, bodyFile);
  log(`${engine}: ${describeRun("bare, the API answer's bytes", bareSameBytes)}`);
  const cached = await measureThroughput(`${serverUrl}${cachedPath}`, LOAD, {
    headers,
    serverPid: server.pid,
  });
  log(`${engine}: ${describeRun("showtimes cached", cached)}`);
  // Each request `from` one millisecond later: a distinct query, so the response cache never answers.
  const uncached = await measureThroughput(serverUrl, LOAD, {
    headers,
    serverPid: server.pid,
    pathFor: (n) => showtimesPath(new Date(from.getTime() + 1 + n)),
  });
  log(`${engine}: ${describeRun("showtimes uncached", uncached)}`);
  // The same from one connection: a request's own latency, without queueing behind nine others.
  const uncachedAlone = await measureThroughput(
    serverUrl,
    { ...LOAD, connections: 1 },
    {
      headers,
      serverPid: server.pid,
      pathFor: (n) => showtimesPath(new Date(from.getTime() + 1_000_000 + n)),
    },
  );
  log(`${engine}: ${describeRun("showtimes uncached, one connection", uncachedAlone)}`);
  return { bare, bareSameBytes, cached, uncached, uncachedAlone };
}

/** Fills `result` as it goes, so a failure late in the run still leaves the figures measured so far. */
async function benchEngine(result: EngineResult, workDir: string, now: Date): Promise<void> {
  const { engine } = result;
  const dataDir = path.join(workDir, engine);
  await mkdir(dataDir, { recursive: true });
  const logFile = path.join(workDir, `server-${engine}.log`);

  let databaseUrl = "";
  let dropDatabase = async () => {};
  if (engine === "postgres") {
    const name = `reeltime_bench_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const again = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    };
  }
  const serverEnv: Record<string, string> = {
    DATA_DIR: dataDir,
    AUTH_SECRET: randomBytes(32).toString("hex"),
    SEED_DEMO: "true",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const open = () =>
    engine === "postgres"
      ? openPostgres(databaseUrl, { max: 2 })
      : openPglite({ dataDir: path.join(dataDir, "db") });

  try {
    // 1. Fresh start: the server migrates and seeds the demo data, then serves at demo size.
    log(`${engine}: starting the server on a fresh database (migrate + demo seed)…`);
    const seedStarted = performance.now();
    let server = await startBuiltServer({ env: serverEnv, logFile });
    result.seedMs = performance.now() - seedStarted;
    log(`${engine}: ready in ${seconds(result.seedMs)}`);
    try {
      if (ONLY.has("pages")) result.http.demo = await benchPages(server, workDir, `${engine}-demo`);
    } finally {
      await server.stop();
    }

    // 2. The listing query in this process, at demo size; then grow to BENCH_SHOWTIMES and again.
    const queries = new Map<string, ListingQuery>();
    let apiKey = "";
    const handle = await open();
    try {
      result.showtimes.demo = await countShowtimes(handle.db);
      if (ONLY.has("listing")) await measureQueries(handle, now, queries, "demo", result);
      log(
        `${engine}: growing showtimes from ${formatCount(result.showtimes.demo)} to ${formatCount(TARGET)}…`,
      );
      const growStarted = performance.now();
      await growShowtimes(handle.db, {
        target: TARGET,
        from: new Date(now.getTime() - 76 * 86_400_000),
        to: new Date(now.getTime() + 14 * 86_400_000),
        onProgress: (done, total) => {
          if (done === total || done % 200_000 === 0)
            log(`${engine}:   ${formatCount(done)} / ${formatCount(total)}`);
        },
      });
      result.growMs = performance.now() - growStarted;
      result.showtimes.big = await countShowtimes(handle.db);
      log(`${engine}: ${formatCount(result.showtimes.big)} showtimes after ${seconds(result.growMs)}`);
      if (ONLY.has("listing")) await measureQueries(handle, now, queries, "big", result);
      if (ONLY.has("tables")) {
        log(`${engine}: growing movies to ${formatCount(MOVIES_TARGET)} (showtimes keep their movies)…`);
        await growMovies(handle.db, MOVIES_TARGET);
        result.movies = MOVIES_TARGET;
        result.tables = await measureStudioTables(handle, now, ITERATIONS, log);
      }
      // Before the server starts: it reads keys and balances from the database.
      if (ONLY.has("api")) {
        const { createBenchApiKey } = await import("./api-access.ts");
        apiKey = await createBenchApiKey(handle.db, now);
      }
    } finally {
      await handle.close();
    }

    // 3. The server again, on the grown database.
    if (!ONLY.has("pages") && !ONLY.has("api")) return;
    log(`${engine}: restarting the server at ${formatCount(result.showtimes.big)} showtimes…`);
    server = await startBuiltServer({ env: serverEnv, logFile });
    try {
      if (ONLY.has("pages")) result.http.big = await benchPages(server, workDir, `${engine}-${BIG}`);
      if (ONLY.has("api")) result.api = await benchApi(server, apiKey, workDir, engine);
    } finally {
      await server.stop();
    }
  } finally {
    await dropDatabase();
  }
}

function pagesReport(results: EngineResult[]): string[] {
  const lines = [
    `(c) Public pages — bare node:http vs GET / from the page cache (asking for br, gzip as browsers do; and uncompressed beside the bare server sending the same bytes), and Paris rendered for every request (page cache missed), ${LOAD_TEXT}`,
    `    targets: cached home ≥ ${TARGETS.cachedHome * 100}% of the bare server's req/s, Paris render p50 ≤ ${TARGETS.parisRenderP50Ms} ms (one connection), home HTML ≤ ${TARGETS.homeKb} KB`,
  ];
  const rows: string[][] = [];
  for (const r of results) {
    for (const size of ["demo", "big"] as const) {
      const f = r.http[size];
      if (!f) continue;
      const ratio = f.cachedHome.requestsPerSecond / f.bare.requestsPerSecond;
      rows.push([
        `${r.engine} ${size === "big" ? BIG : "demo"}`,
        `${(f.homeBytes / 1024).toFixed(1)} KB ${f.homeBytes <= TARGETS.homeKb * 1024 ? "met" : "NOT met"} (br ${(f.homeBrotliBytes / 1024).toFixed(1)} KB)`,
        `${(f.parisBytes / 1024).toFixed(1)} KB`,
        rps(f.bare),
        `${rps(f.bareSameBytes)} / ${rps(f.cachedHomeIdentity)}`,
        rps(f.cachedHome),
        `${pct(f.cachedHome.requestsPerSecond, f.bare.requestsPerSecond)} ${ratio >= TARGETS.cachedHome ? "met" : "NOT met"}`,
        formatMs(f.cachedHome.latencyP50),
        `${rps(f.uncachedParis)} / ${formatMs(f.uncachedParis.latencyP50)}`,
        `${formatMs(f.uncachedParisAlone.latencyP50)} ${f.uncachedParisAlone.latencyP50 <= TARGETS.parisRenderP50Ms ? "met" : "NOT met"}`,
        formatMs(f.uncachedParisAlone.latencyP99),
        `${f.cachedHome.non2xx + f.uncachedParis.non2xx + f.uncachedParisAlone.non2xx}/${f.cachedHome.errors + f.uncachedParis.errors + f.uncachedParisAlone.errors}`,
      ]);
    }
  }
  lines.push(
    renderTable(
      [
        "engine size",
        "home HTML",
        "Paris HTML",
        "bare req/s",
        "uncompressed: bare with home bytes / cached home",
        "cached home req/s (br)",
        "÷ bare",
        "cached p50",
        "Paris render req/s / p50",
        "Paris render p50, 1 conn",
        "p99, 1 conn",
        "non-2xx/errors",
      ],
      rows,
    ),
  );
  return lines;
}

function edgeReport(rounds: EdgeRound[]): string[] {
  const lines: string[] = [];
  lines.push(
    `(a) Edge — a bare node:http hello world vs GET /healthz through the real server (every middleware, request log at info), ${LOAD_TEXT}, ${rounds.length} rounds alternated`,
  );
  const rows = rounds.map((r, i) => [
    `round ${i + 1}`,
    rps(r.bare),
    formatMs(r.bare.latencyP50),
    formatMs(r.bare.latencyP99),
    cpu(r.bare),
    rps(r.healthz),
    formatMs(r.healthz.latencyP50),
    formatMs(r.healthz.latencyP99),
    cpu(r.healthz),
    pct(r.healthz.requestsPerSecond, r.bare.requestsPerSecond),
    `${r.bare.non2xx + r.healthz.non2xx}/${r.bare.errors + r.healthz.errors}`,
  ]);
  const middle = (pick: (r: EdgeRound) => number) => median(rounds.map(pick));
  const bareMedian = middle((r) => r.bare.requestsPerSecond);
  const healthzMedian = middle((r) => r.healthz.requestsPerSecond);
  const cpuText = (micros: number) => (Number.isFinite(micros) ? `${micros.toFixed(0)} µs` : "–");
  rows.push([
    "median",
    bareMedian.toFixed(0),
    formatMs(middle((r) => r.bare.latencyP50)),
    formatMs(middle((r) => r.bare.latencyP99)),
    cpuText(middle((r) => r.bare.serverCpuMicrosPerRequest)),
    healthzMedian.toFixed(0),
    formatMs(middle((r) => r.healthz.latencyP50)),
    formatMs(middle((r) => r.healthz.latencyP99)),
    cpuText(middle((r) => r.healthz.serverCpuMicrosPerRequest)),
    pct(healthzMedian, bareMedian),
    "",
  ]);
  lines.push(
    renderTable(
      [
        "",
        "bare req/s",
        "p50",
        "p99",
        "CPU/req",
        "/healthz req/s",
        "p50",
        "p99",
        "CPU/req",
        "/healthz ÷ bare",
        "non-2xx/errors",
      ],
      rows,
    ),
  );
  const ratio = healthzMedian / bareMedian;
  lines.push(
    `    /healthz ÷ bare (medians): ${pct(healthzMedian, bareMedian)} — target ≥ ${TARGETS.healthz * 100}%: ${
      ratio >= TARGETS.healthz ? "met" : "NOT met"
    }`,
  );
  lines.push(
    "    CPU/req: the server process's CPU time (all its threads) per request, measured beside the load.",
  );
  return lines;
}

function apiReport(results: EngineResult[]): string[] {
  const lines: string[] = [];
  lines.push(
    `(d) API — GET /api/v1/showtimes?city=amsterdam (next 24 h, 50 per page) with a secret key at ${BIG} showtimes, ${LOAD_TEXT}; ` +
      "uncached: every request a distinct query (`from` 1 ms later), so key, limiter, credits, handler and database run each time",
  );
  lines.push(
    renderTable(
      [
        "engine",
        "bare req/s",
        "CPU/req",
        "cached req/s",
        "p50",
        "p99",
        "CPU/req",
        "cached ÷ bare",
        "uncached req/s",
        "p50",
        "p99",
        "CPU/req",
        "uncached ÷ bare",
        "non-2xx/errors",
      ],
      results
        .filter((r) => r.api)
        .map((r) => {
          const { bare, cached, uncached } = r.api!;
          return [
            r.engine,
            rps(bare),
            cpu(bare),
            rps(cached),
            formatMs(cached.latencyP50),
            formatMs(cached.latencyP99),
            cpu(cached),
            pct(cached.requestsPerSecond, bare.requestsPerSecond),
            rps(uncached),
            formatMs(uncached.latencyP50),
            formatMs(uncached.latencyP99),
            cpu(uncached),
            pct(uncached.requestsPerSecond, bare.requestsPerSecond),
            `${cached.non2xx + uncached.non2xx}/${cached.errors + uncached.errors}`,
          ];
        }),
    ),
  );
  for (const r of results) {
    if (!r.api) continue;
    const cachedRatio = r.api.cached.requestsPerSecond / r.api.bare.requestsPerSecond;
    const checks = [
      `cached ÷ bare ${pct(r.api.cached.requestsPerSecond, r.api.bare.requestsPerSecond)} (target ≥ ${TARGETS.cached * 100}%: ${cachedRatio >= TARGETS.cached ? "met" : "NOT met"})`,
    ];
    checks.push(
      `for scale, the bare server sending the same bytes: ${rps(r.api.bareSameBytes)} req/s, cached ÷ that ${pct(r.api.cached.requestsPerSecond, r.api.bareSameBytes.requestsPerSecond)}`,
    );
    const alone = r.api.uncachedAlone;
    checks.push(
      `uncached from one connection: ${rps(alone)} req/s, p50 ${formatMs(alone.latencyP50)}, p99 ${formatMs(alone.latencyP99)}`,
    );
    if (r.engine === "postgres") {
      const verdict = (p99: number) => (p99 <= TARGETS.uncachedP99Ms ? "met" : "NOT met");
      checks.push(
        `uncached p99 (target ≤ ${TARGETS.uncachedP99Ms} ms): ${formatMs(r.api.uncached.latencyP99)} at ${LOAD.connections} connections (${verdict(r.api.uncached.latencyP99)}), ${formatMs(alone.latencyP99)} from one (${verdict(alone.latencyP99)})`,
      );
    }
    lines.push(`    ${r.engine}: ${checks.join("; ")}`);
  }
  return lines;
}

/** Part (f): the matcher's figures beside the naive exact-title matcher's, as ratios. */
function matchingReport(m: MatchingBench): string[] {
  const pctText = (x: number) => `${(100 * x).toFixed(1)}%`;
  const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}×` : "–");
  const lines = [
    `(f) Movie matching — the labelled set (${formatCount(m.titles)} feed titles, ${formatCount(m.movies)} catalogue movies) through the CLI on a fresh embedded database: import-movies ${m.importSeconds.toFixed(1)} s, match-titles ${m.commandSeconds.toFixed(1)} s; baseline: exact normalized title only`,
  ];
  lines.push(
    renderTable(
      ["", "links", "precision", "recall", "top-3 of the unlinked"],
      [
        [
          "matcher",
          String(m.matcher.linked),
          pctText(m.matcher.precision),
          pctText(m.matcher.recall),
          pctText(m.matcher.top3Rate),
        ],
        [
          "baseline",
          String(m.baseline.linked),
          pctText(m.baseline.precision),
          pctText(m.baseline.recall),
          pctText(m.baseline.top3Rate),
        ],
        [
          "matcher ÷ baseline",
          "",
          ratio(m.matcher.precision, m.baseline.precision),
          ratio(m.matcher.recall, m.baseline.recall),
          ratio(m.matcher.top3Rate, m.baseline.top3Rate),
        ],
      ],
    ),
  );
  lines.push(
    `    matching alone: ${m.titlesPerSecond.toFixed(1)} titles/s; targets: precision ≥ 99% (${m.matcher.precision >= 0.99 ? "met" : "NOT met"}), recall ≥ 90% (${m.matcher.recall >= 0.9 ? "met" : "NOT met"}), top-3 ≥ 95% (${m.matcher.top3Rate >= 0.95 ? "met" : "NOT met"})`,
  );
  return lines;
}

function report(
  edge: EdgeRound[],
  results: EngineResult[],
  imports: ImportFigures[],
  totalMs: number,
  matching?: MatchingBench,
  widget?: WidgetFigures,
  lighthouse?: LighthousePage[],
  uploads?: UploadFigures,
) {
  const lines: string[] = [];
  lines.push("");
  lines.push(
    `Reeltime bench · ${new Date().toISOString()} · Node ${process.version} · ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? "?"}) · load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  );
  lines.push(
    `Parts: ${[...ONLY].join(", ")} · load: ${LOAD_TEXT} · servers: production build, LOG_LEVEL info, output to a file. Whole run: ${seconds(totalMs)}.`,
  );
  if (edge.length > 0) {
    lines.push("");
    lines.push(...edgeReport(edge));
  }
  if (results.length > 0) {
    lines.push("");
    lines.push(
      `Sizes: demo seed vs ${formatCount(TARGET)} showtimes (generated rows: all open cinemas, 76 days back + 14 ahead).`,
    );
    lines.push(
      renderTable(
        ["engine", "demo showtimes", `${BIG} showtimes`, "demo seed (server ready)", `grow to ${BIG}`],
        results.map((r) => [
          r.engine,
          formatCount(r.showtimes.demo),
          formatCount(r.showtimes.big),
          seconds(r.seedMs),
          seconds(r.growMs),
        ]),
      ),
    );
  }
  if (ONLY.has("listing") && results.length > 0) {
    lines.push("");
    lines.push(
      `(b) Listing query — findListing(), today's listing for a city, ${ITERATIONS} calls after warm-up`,
    );
    const queryRows: string[][] = [];
    for (const r of results) {
      for (const { label } of PLACES) {
        const demo = r.queries[label]?.demo;
        const big = r.queries[label]?.big;
        queryRows.push([
          `${r.engine} · ${label}`,
          formatCount(demo?.rows ?? Number.NaN),
          formatMs(demo?.p50 ?? Number.NaN),
          formatMs(demo?.p99 ?? Number.NaN),
          formatCount(big?.rows ?? Number.NaN),
          formatMs(big?.p50 ?? Number.NaN),
          formatMs(big?.p99 ?? Number.NaN),
          formatRatio(big?.p50 ?? Number.NaN, demo?.p50 ?? Number.NaN),
          formatRatio(big?.p99 ?? Number.NaN, demo?.p99 ?? Number.NaN),
        ]);
      }
    }
    lines.push(
      renderTable(
        [
          "engine · place",
          "rows demo",
          "p50 demo",
          "p99 demo",
          `rows ${BIG}`,
          `p50 ${BIG}`,
          `p99 ${BIG}`,
          `p50 ${BIG}/demo`,
          `p99 ${BIG}/demo`,
        ],
        queryRows,
      ),
    );
    if (results.length > 1) {
      const [a, b] = results;
      const ratios = PLACES.map(({ label }) => {
        const x = a?.queries[label]?.big?.p50 ?? Number.NaN;
        const y = b?.queries[label]?.big?.p50 ?? Number.NaN;
        return `${label}: ${formatRatio(x, y)}`;
      });
      lines.push(`    ${a?.engine} ÷ ${b?.engine} p50 at ${BIG} — ${ratios.join(", ")}`);
    }
  }
  if (ONLY.has("pages") && results.length > 0) {
    lines.push("");
    lines.push(...pagesReport(results));
  }
  if (ONLY.has("api") && results.length > 0) {
    lines.push("");
    lines.push(...apiReport(results));
  }
  if (ONLY.has("tables") && results.some((r) => r.tables)) {
    lines.push("");
    lines.push(...tablesReport(results));
  }
  if (matching) {
    lines.push("");
    lines.push(...matchingReport(matching));
  }
  if (imports.length > 0) {
    lines.push("");
    lines.push(...importReport(imports));
  }
  if (widget) {
    lines.push("");
    lines.push(...widgetReport(widget));
  }
  if (lighthouse) {
    lines.push("");
    lines.push(...lighthouseReport(lighthouse));
  }
  if (uploads) {
    lines.push("");
    lines.push(uploadsReport(uploads));
  }
  for (const r of results)
    if (r.error) lines.push(`${r.engine} FAILED (figures above are partial): ${r.error}`);
  lines.push("");
  return lines.join("\n");
}

/** Part (e): each case's p95 beside the plainest page of its table, and the issue's target. */
function tablesReport(results: EngineResult[]): string[] {
  const lines = [
    `(e) Studio tables — the loaders' list functions at ${BIG} showtimes and ${formatCount(MOVIES_TARGET)} movies, ${ITERATIONS} calls each; baseline: the plainest page of the same table (one index range, LIMIT 50, no joins, no count)`,
  ];
  for (const r of results) {
    if (!r.tables) continue;
    const target = TARGETS.tableP95Ms[r.engine];
    const rows = r.tables.cases.map((c) => {
      const base = r.tables!.baseline[c.table];
      return [
        `${c.table} · ${c.label}`,
        String(c.rows),
        formatMs(c.p50),
        formatMs(c.p95),
        formatMs(base.p95),
        formatRatio(c.p95, base.p95),
        c.p95 < target ? `< ${target} ms: met` : `< ${target} ms: NOT MET`,
      ];
    });
    lines.push(`  ${r.engine}`);
    lines.push(renderTable(["case", "rows", "p50", "p95", "baseline p95", "÷ baseline", "target"], rows));
    const worst = Math.max(...r.tables.cases.map((c) => c.p95));
    lines.push(`  ${r.engine}: slowest p95 ${formatMs(worst)} (target < ${target} ms)`);
  }
  return lines;
}

async function main() {
  const started = performance.now();
  log(
    `Node ${process.version}, ${os.cpus().length} CPUs; parts: ${[...ONLY].join(", ")}; ${LOAD_TEXT}; edge rounds: ${ROUNDS}`,
  );
  // Parts (f) and (g) run no server: no build needed for them.
  if ([...ONLY].some((part) => part !== "matching" && part !== "import")) {
    log("checking the build (npm start's check; builds when sources are newer)…");
    ensureBuild();
  }
  const workDir = await mkdtemp(path.join(os.tmpdir(), "reeltime-bench-"));
  const now = new Date();
  let failed = false;

  const edge: EdgeRound[] = [];
  if (ONLY.has("http")) {
    try {
      await benchEdge(workDir, edge);
    } catch (error) {
      failed = true;
      process.stderr.write(
        `edge failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
    }
  }

  const results: EngineResult[] = [];
  if (ONLY.has("listing") || ONLY.has("pages") || ONLY.has("api") || ONLY.has("tables")) {
    const engines = ENGINES.filter((engine) => engine === "pglite" || TEST_DATABASE_URL);
    if (!TEST_DATABASE_URL && ENGINES.includes("postgres"))
      log("TEST_DATABASE_URL is not set: PostgreSQL skipped");
    for (const engine of engines) {
      const result: EngineResult = {
        engine,
        showtimes: { demo: 0, big: 0 },
        seedMs: 0,
        growMs: 0,
        queries: {},
        http: {},
      };
      results.push(result);
      try {
        await benchEngine(result, workDir, now);
      } catch (error) {
        failed = true;
        result.error = error instanceof Error ? error.message : String(error);
        process.stderr.write(
          `${engine} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
        );
      }
    }
  }

  let matching: MatchingBench | undefined;
  if (ONLY.has("matching")) {
    try {
      matching = await measureMatching(workDir, log);
    } catch (error) {
      failed = true;
      process.stderr.write(
        `matching failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
    }
  }

  let imports: ImportFigures[] = [];
  if (ONLY.has("import")) {
    imports = await benchImport({
      engines: ENGINES,
      databaseUrl: TEST_DATABASE_URL,
      rows: Number(process.env.BENCH_IMPORT_ROWS ?? 1_000_000),
      log,
    });
    if (imports.some((figures) => figures.error)) failed = true;
  }

  let widget: WidgetFigures | undefined;
  if (ONLY.has("widget")) {
    widget = await benchWidgetFirstShowtimes({
      workDir,
      runs: Math.max(1, Number(process.env.BENCH_WIDGET_RUNS ?? 20)),
      log,
    });
    if (widget.error) {
      failed = true;
      process.stderr.write(`widget failed: ${widget.error}\n`);
    }
  }

  let lighthouse: LighthousePage[] | undefined;
  if (ONLY.has("lighthouse")) {
    try {
      lighthouse = await benchLighthouse(workDir, log);
      if (lighthouse.some((page) => page.error)) failed = true;
    } catch (error) {
      failed = true;
      process.stderr.write(
        `lighthouse failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
    }
  }

  let uploads: UploadFigures | undefined;
  if (ONLY.has("uploads")) {
    try {
      uploads = await benchUploads(workDir);
    } catch (error) {
      failed = true;
      process.stderr.write(
        `uploads failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
    }
  }

  const text = report(
    edge,
    results,
    imports,
    performance.now() - started,
    matching,
    widget,
    lighthouse,
    uploads,
  );
  process.stdout.write(text);
  const resultsDir = path.join(root, "bench/results");
  await mkdir(resultsDir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  await writeFile(
    path.join(resultsDir, `${stamp}.json`),
    JSON.stringify(
      {
        node: process.version,
        cpus: os.cpus().length,
        parts: [...ONLY],
        load: LOAD,
        rounds: ROUNDS,
        target: TARGET,
        edge,
        results,
        imports,
        widget,
        uploads,
        lighthouse: lighthouse?.map((page) => ({ ...page, report: undefined })),
        matching: matching && {
          ...matching,
          matcher: { ...matching.matcher, wrong: undefined, missedTop3: undefined },
          baseline: { ...matching.baseline, wrong: undefined, missedTop3: undefined },
        },
      },
      null,
      2,
    ),
  );
  await writeFile(path.join(resultsDir, `${stamp}.txt`), text);
  if (lighthouse) await saveLighthouseReports(lighthouse, resultsDir, stamp);
  process.stdout.write(`Saved to bench/results/${stamp}.{json,txt} (git-ignored).\n`);
  if (failed) process.exitCode = 1;
  if (process.env.BENCH_KEEP || failed) process.stdout.write(`Data and server logs kept in ${workDir}\n`);
  else await rm(workDir, { recursive: true, force: true });
}

await main();
