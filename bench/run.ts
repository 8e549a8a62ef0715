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
//
// Where each part lives: (a) bench/edge.ts; (b)–(e) on each engine, bench/engine-bench.ts with
// bench/listing-query.ts, bench/public-pages.ts, bench/api-showtimes.ts and bench/studio-tables.ts;
// (f) bench/matching.ts; (g) bench/feed-import.ts; (h) bench/widget-first-showtimes.ts;
// (i) bench/lighthouse.ts; (j) bench/uploads.ts. The knobs: bench/run-settings.ts; the report:
// bench/run-report.ts.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { benchEdge } from "./edge.ts";
import { benchEngines } from "./engine-bench.ts";
import { benchImport } from "./feed-import.ts";
import { benchLighthouse, saveLighthouseReports } from "./lighthouse.ts";
import { measureMatching } from "./matching.ts";
import { errorDetail, log } from "./progress.ts";
import { type BenchRun, report } from "./run-report.ts";
import {
  ENGINES,
  IMPORT_ROWS,
  LOAD,
  LOAD_TEXT,
  ONLY,
  ROUNDS,
  TARGET,
  TEST_DATABASE_URL,
  WIDGET_RUNS,
} from "./run-settings.ts";
import { ensureBuild } from "./server.ts";
import { benchUploads } from "./uploads.ts";
import { benchWidgetFirstShowtimes } from "./widget-first-showtimes.ts";

const root = path.resolve(import.meta.dirname, "..");

/** Runs one part: a failure is reported on stderr and marks the run failed; the other parts still run. */
async function attempt<T>(run: BenchRun, part: string, measure: () => Promise<T>): Promise<T | undefined> {
  try {
    return await measure();
  } catch (error) {
    run.failed = true;
    process.stderr.write(`${part} failed: ${errorDetail(error)}\n`);
    return undefined;
  }
}

/** Every part asked for, in order (a), (b)–(e), (f), (g), (h), (i), (j). */
async function benchParts(workDir: string, now: Date): Promise<BenchRun> {
  const run: BenchRun = { edge: [], results: [], imports: [], failed: false };
  if (ONLY.has("http")) await attempt(run, "edge", () => benchEdge(workDir, run.edge));
  if (ONLY.has("listing") || ONLY.has("pages") || ONLY.has("api") || ONLY.has("tables")) {
    run.results = await benchEngines(workDir, now);
    if (run.results.some((r) => r.error !== undefined)) run.failed = true;
  }
  if (ONLY.has("matching"))
    run.matching = await attempt(run, "matching", () => measureMatching(workDir, log));
  if (ONLY.has("import")) {
    run.imports = await benchImport({
      engines: ENGINES,
      databaseUrl: TEST_DATABASE_URL,
      rows: IMPORT_ROWS,
      log,
    });
    if (run.imports.some((figures) => figures.error)) run.failed = true;
  }
  if (ONLY.has("widget")) {
    run.widget = await benchWidgetFirstShowtimes({ workDir, runs: WIDGET_RUNS, log });
    if (run.widget.error) {
      run.failed = true;
      process.stderr.write(`widget failed: ${run.widget.error}\n`);
    }
  }
  if (ONLY.has("lighthouse")) {
    run.lighthouse = await attempt(run, "lighthouse", () => benchLighthouse(workDir, log));
    if (run.lighthouse?.some((page) => page.error)) run.failed = true;
  }
  if (ONLY.has("uploads")) run.uploads = await attempt(run, "uploads", () => benchUploads(workDir));
  return run;
}

/** The run's figures as saved in JSON: Lighthouse's full reports and matching's long lists left out. */
function figuresJson(run: BenchRun) {
  const { edge, results, imports, widget, uploads, lighthouse, matching } = run;
  return {
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
  };
}

/** The figures (JSON), the report (text) and Lighthouse's own reports in bench/results/ (git-ignored). */
async function saveResults(run: BenchRun, text: string) {
  const resultsDir = path.join(root, "bench/results");
  await mkdir(resultsDir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  await writeFile(path.join(resultsDir, `${stamp}.json`), JSON.stringify(figuresJson(run), null, 2));
  await writeFile(path.join(resultsDir, `${stamp}.txt`), text);
  if (run.lighthouse) await saveLighthouseReports(run.lighthouse, resultsDir, stamp);
  process.stdout.write(`Saved to bench/results/${stamp}.{json,txt} (git-ignored).\n`);
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
  const run = await benchParts(workDir, new Date());
  const text = report(run, performance.now() - started);
  process.stdout.write(text);
  await saveResults(run, text);
  if (run.failed) process.exitCode = 1;
  if (process.env.BENCH_KEEP || run.failed) process.stdout.write(`Data and server logs kept in ${workDir}\n`);
  else await rm(workDir, { recursive: true, force: true });
}

await main();
