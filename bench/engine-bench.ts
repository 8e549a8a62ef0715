// The parts of `npm run bench` that need the demo data grown to BENCH_SHOWTIMES showtimes — listing (b),
// pages (c), api (d) and tables (e) — run on each engine in turn: a fresh database seeded by the server's
// first start, measured at the demo size, grown in this process, and measured again at the big size.
import { randomBytes } from "node:crypto";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { type DatabaseHandle, openPglite, openPostgres } from "../db/client.ts";
import type { ListingQuery } from "../core/showtimes/find-listing.ts";
import { type ApiFigures, benchApi } from "./api-showtimes.ts";
import { growMovies } from "./grow-movies.ts";
import { countShowtimes, growShowtimes } from "./grow-showtimes.ts";
import { type ListingFigures, measureQueries } from "./listing-query.ts";
import { errorDetail, log } from "./progress.ts";
import { benchPages, type PageFigures } from "./public-pages.ts";
import {
  BIG,
  ENGINES,
  ITERATIONS,
  MOVIES_TARGET,
  ONLY,
  type Size,
  TARGET,
  TEST_DATABASE_URL,
} from "./run-settings.ts";
import { createScratchDatabase } from "./scratch-database.ts";
import { startBuiltServer } from "./server.ts";
import { seconds } from "./side-by-side.ts";
import { formatCount, renderTable } from "./stats.ts";
import { measureStudioTables, type TableFigures } from "./studio-tables.ts";

export type EngineResult = {
  engine: DatabaseHandle["kind"];
  showtimes: Record<Size, number>;
  seedMs: number;
  growMs: number;
  queries: ListingFigures;
  http: Partial<Record<Size, PageFigures>>;
  api?: ApiFigures;
  tables?: TableFigures;
  movies?: number;
  error?: string;
};

/** One engine's run: where its figures go, its server's settings and log, and how to open its database. */
type EngineRun = {
  result: EngineResult;
  workDir: string;
  now: Date;
  serverEnv: Record<string, string>;
  logFile: string;
  open: () => Promise<DatabaseHandle>;
};

/**
 * Each engine in turn (PostgreSQL only with TEST_DATABASE_URL). An engine that fails keeps the figures
 * measured until then, with its error; the next engine still runs.
 */
export async function benchEngines(workDir: string, now: Date): Promise<EngineResult[]> {
  const results: EngineResult[] = [];
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
      result.error = error instanceof Error ? error.message : String(error);
      process.stderr.write(`${engine} failed: ${errorDetail(error)}\n`);
    }
  }
  return results;
}

/** Fills `result` as it goes, so a failure late in the run still leaves the figures measured so far. */
async function benchEngine(result: EngineResult, workDir: string, now: Date): Promise<void> {
  const { engine } = result;
  const dataDir = path.join(workDir, engine);
  await mkdir(dataDir, { recursive: true });
  const database =
    engine === "postgres" ? await createScratchDatabase(TEST_DATABASE_URL, "reeltime_bench") : undefined;
  const run: EngineRun = {
    result,
    workDir,
    now,
    serverEnv: {
      DATA_DIR: dataDir,
      AUTH_SECRET: randomBytes(32).toString("hex"),
      SEED_DEMO: "true",
      ...(database ? { DATABASE_URL: database.url } : {}),
    },
    logFile: path.join(workDir, `server-${engine}.log`),
    open: () =>
      database ? openPostgres(database.url, { max: 2 }) : openPglite({ dataDir: path.join(dataDir, "db") }),
  };
  try {
    await benchDemoServer(run);
    const apiKey = await growAndMeasure(run);
    await benchGrownServer(run, apiKey);
  } finally {
    await database?.drop();
  }
}

/** 1. Fresh start: the server migrates and seeds the demo data, then serves at demo size. */
async function benchDemoServer({ result, workDir, serverEnv, logFile }: EngineRun) {
  const { engine } = result;
  log(`${engine}: starting the server on a fresh database (migrate + demo seed)…`);
  const seedStarted = performance.now();
  const server = await startBuiltServer({ env: serverEnv, logFile });
  result.seedMs = performance.now() - seedStarted;
  log(`${engine}: ready in ${seconds(result.seedMs)}`);
  try {
    if (ONLY.has("pages")) result.http.demo = await benchPages(server, workDir, `${engine}-demo`);
  } finally {
    await server.stop();
  }
}

/**
 * 2. In this process: the listing query at demo size, then grown to BENCH_SHOWTIMES and again; the
 * studio tables on movies grown to BENCH_MOVIES. Returns the API key part (d) uses ("" without it).
 */
async function growAndMeasure(run: EngineRun): Promise<string> {
  const { result, now } = run;
  const { engine } = result;
  const queries = new Map<string, ListingQuery>();
  const handle = await run.open();
  try {
    result.showtimes.demo = await countShowtimes(handle.db);
    if (ONLY.has("listing")) await measureQueries(handle, now, queries, "demo", engine, result.queries);
    await growToTarget(handle, run);
    if (ONLY.has("listing")) await measureQueries(handle, now, queries, "big", engine, result.queries);
    if (ONLY.has("tables")) {
      log(`${engine}: growing movies to ${formatCount(MOVIES_TARGET)} (showtimes keep their movies)…`);
      await growMovies(handle.db, MOVIES_TARGET);
      result.movies = MOVIES_TARGET;
      result.tables = await measureStudioTables(handle, now, ITERATIONS, log);
    }
    // Before the server starts: it reads keys and balances from the database.
    if (!ONLY.has("api")) return "";
    const { createBenchApiKey } = await import("./api-access.ts");
    return await createBenchApiKey(handle.db, now);
  } finally {
    await handle.close();
  }
}

/** Grows the showtimes to BENCH_SHOWTIMES over 76 days back and 14 ahead, timing it. */
async function growToTarget(handle: DatabaseHandle, { result, now }: EngineRun) {
  const { engine } = result;
  log(`${engine}: growing showtimes from ${formatCount(result.showtimes.demo)} to ${formatCount(TARGET)}…`);
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
}

/** 3. The server again, on the grown database: the pages at BIG and the API. */
async function benchGrownServer({ result, workDir, serverEnv, logFile }: EngineRun, apiKey: string) {
  if (!ONLY.has("pages") && !ONLY.has("api")) return;
  const { engine } = result;
  log(`${engine}: restarting the server at ${formatCount(result.showtimes.big)} showtimes…`);
  const server = await startBuiltServer({ env: serverEnv, logFile });
  try {
    if (ONLY.has("pages")) result.http.big = await benchPages(server, workDir, `${engine}-${BIG}`);
    if (ONLY.has("api")) result.api = await benchApi(server, apiKey, workDir, engine);
  } finally {
    await server.stop();
  }
}

/** The sizes every engine part ran at: the demo seed and BIG, and how long seeding and growing took. */
export function sizesReport(results: EngineResult[]): string[] {
  return [
    `Sizes: demo seed vs ${formatCount(TARGET)} showtimes (generated rows: all open cinemas, 76 days back + 14 ahead).`,
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
  ];
}
