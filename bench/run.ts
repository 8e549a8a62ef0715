// `npm run bench`: measures in ONE run, side by side,
//   (a) the home page's listing query (core/showtimes/find-listing.ts) at the demo size and at
//       1,000,000 showtimes, on PGlite and (when TEST_DATABASE_URL is set) PostgreSQL;
//   (b) the home page's server-render throughput (autocannon against the real built server,
//       started as a child on a free 127.0.0.1 port with a fresh DATA_DIR) at both sizes.
// Prints figures and 1M ÷ demo ratios. Not a test: nothing here asserts on time.
//
// Knobs: BENCH_SHOWTIMES (1000000), BENCH_ITERATIONS (200 per query case), BENCH_DURATION
// (10 s per autocannon run), BENCH_CONNECTIONS (10), BENCH_KEEP=1 keeps the temp data directory.
import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { type DatabaseHandle, openPglite, openPostgres } from "../db/client.ts";
import { type ListingQuery, type Place, findListing } from "../core/showtimes/find-listing.ts";
import { addDays, listingDateOf } from "../core/showtimes/listing-day.ts";
import { countShowtimes, growShowtimes } from "./grow-showtimes.ts";
import { ensureBuild, measureThroughput, startBuiltServer, type Throughput } from "./server.ts";
import { formatCount, formatMs, formatRatio, renderTable, sample, summarize } from "./stats.ts";

const TARGET = Number(process.env.BENCH_SHOWTIMES ?? 1_000_000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 200);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? "";
const root = path.resolve(import.meta.dirname, "..");
/** "1M" for the default target, "300k" for BENCH_SHOWTIMES=300000. */
const BIG = TARGET >= 1_000_000 ? `${+(TARGET / 1_000_000).toFixed(2)}M` : `${+(TARGET / 1000).toFixed(1)}k`;

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
type EngineResult = {
  engine: DatabaseHandle["kind"];
  showtimes: Record<Size, number>;
  seedMs: number;
  growMs: number;
  queries: Record<string, Partial<Record<Size, QueryFigures>>>;
  http: Partial<Record<Size, Throughput>>;
  error?: string;
};

const log = (message: string) => process.stdout.write(`· ${message}\n`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

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
    log(`${engine}: ready in ${seconds(result.seedMs)}; GET / for ${DURATION_S} s…`);
    try {
      result.http.demo = await measureThroughput(`${server.url}/`, {
        durationSeconds: DURATION_S,
        connections: CONNECTIONS,
      });
    } finally {
      await server.stop();
    }

    // 2. The listing query in this process, at demo size; then grow to BENCH_SHOWTIMES and again.
    const queries = new Map<string, ListingQuery>();
    const handle = await open();
    try {
      result.showtimes.demo = await countShowtimes(handle.db);
      await measureQueries(handle, now, queries, "demo", result);
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
      await measureQueries(handle, now, queries, "big", result);
    } finally {
      await handle.close();
    }

    // 3. The server again, on the grown database.
    log(
      `${engine}: restarting the server at ${formatCount(result.showtimes.big)} showtimes; GET / for ${DURATION_S} s…`,
    );
    server = await startBuiltServer({ env: serverEnv, logFile });
    try {
      result.http.big = await measureThroughput(`${server.url}/`, {
        durationSeconds: DURATION_S,
        connections: CONNECTIONS,
      });
    } finally {
      await server.stop();
    }
  } finally {
    await dropDatabase();
  }
}

function report(results: EngineResult[], totalMs: number) {
  const lines: string[] = [];
  lines.push("");
  lines.push(
    `Reeltime bench · ${new Date().toISOString()} · Node ${process.version} · ${os.cpus().length} CPUs · ${os.loadavg()[0]?.toFixed(1)} load`,
  );
  lines.push(
    `Sizes: demo seed vs ${formatCount(TARGET)} showtimes (generated rows: all open cinemas, 76 days back + 14 ahead). ` +
      `Whole run: ${seconds(totalMs)}.`,
  );
  lines.push("");
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
  lines.push("");
  lines.push(
    `(a) Listing query — findListing(), today's listing for a city, ${ITERATIONS} calls after warm-up`,
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
  lines.push("");
  lines.push(
    `(b) Home page server render — GET / (full SSR), autocannon ${CONNECTIONS} connections × ${DURATION_S} s`,
  );
  lines.push(
    renderTable(
      [
        "engine",
        "req/s demo",
        "p50 demo",
        "p99 demo",
        `req/s ${BIG}`,
        `p50 ${BIG}`,
        `p99 ${BIG}`,
        `req/s ${BIG}/demo`,
        "non-2xx/errors",
      ],
      results.map((r) => {
        const demo = r.http.demo;
        const big = r.http.big;
        return [
          r.engine,
          (demo?.requestsPerSecond ?? Number.NaN).toFixed(1),
          formatMs(demo?.latencyP50 ?? Number.NaN),
          formatMs(demo?.latencyP99 ?? Number.NaN),
          (big?.requestsPerSecond ?? Number.NaN).toFixed(1),
          formatMs(big?.latencyP50 ?? Number.NaN),
          formatMs(big?.latencyP99 ?? Number.NaN),
          formatRatio(big?.requestsPerSecond ?? Number.NaN, demo?.requestsPerSecond ?? Number.NaN),
          `${(demo?.non2xx ?? 0) + (big?.non2xx ?? 0)}/${(demo?.errors ?? 0) + (big?.errors ?? 0)}`,
        ];
      }),
    ),
  );
  for (const r of results)
    if (r.error) lines.push(`${r.engine} FAILED (figures above are partial): ${r.error}`);
  lines.push("");
  return lines.join("\n");
}

async function main() {
  const started = performance.now();
  log("checking the build (npm start's check; builds when sources are newer)…");
  ensureBuild();
  const workDir = await mkdtemp(path.join(os.tmpdir(), "reeltime-bench-"));
  const now = new Date();
  const engines: DatabaseHandle["kind"][] = TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
  if (!TEST_DATABASE_URL) log("TEST_DATABASE_URL is not set: PostgreSQL skipped");
  const results: EngineResult[] = [];
  let failed = false;
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
  const text = report(results, performance.now() - started);
  process.stdout.write(text);
  const resultsDir = path.join(root, "bench/results");
  await mkdir(resultsDir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  await writeFile(
    path.join(resultsDir, `${stamp}.json`),
    JSON.stringify({ target: TARGET, results }, null, 2),
  );
  await writeFile(path.join(resultsDir, `${stamp}.txt`), text);
  process.stdout.write(`Saved to bench/results/${stamp}.{json,txt} (git-ignored).\n`);
  if (failed) process.exitCode = 1;
  if (process.env.BENCH_KEEP || failed) process.stdout.write(`Data and server logs kept in ${workDir}\n`);
  else await rm(workDir, { recursive: true, force: true });
}

await main();
