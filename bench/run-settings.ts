// The settings of `npm run bench` (its knobs, read from the environment: listed with their defaults at the
// top of bench/run.ts), the load every autocannon run shares and the targets printed beside the
// figures.
import type { DatabaseHandle } from "../db/client.ts";
import type { LoadSettings } from "./server.ts";

export const PARTS = [
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
export type Part = (typeof PARTS)[number];
export const ONLY = new Set<Part>(
  (process.env.BENCH_ONLY ?? PARTS.join(","))
    .split(",")
    .map((p) => p.trim())
    .filter((p): p is Part => (PARTS as readonly string[]).includes(p)),
);
export const TARGET = Number(process.env.BENCH_SHOWTIMES ?? 1_000_000);
export const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 200);
export const MOVIES_TARGET = Number(process.env.BENCH_MOVIES ?? 50_000);
export const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 1_000_000);
export const WIDGET_RUNS = Math.max(1, Number(process.env.BENCH_WIDGET_RUNS ?? 20));
export const LOAD: LoadSettings = {
  durationSeconds: Number(process.env.BENCH_DURATION ?? 10),
  warmupSeconds: Number(process.env.BENCH_WARMUP ?? 3),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 10),
};
export const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? "";
export const ENGINES = (process.env.BENCH_ENGINES ?? "pglite,postgres")
  .split(",")
  .map((e) => e.trim())
  .filter((e): e is DatabaseHandle["kind"] => e === "pglite" || e === "postgres");
/** "1M" for the default target, "300k" for BENCH_SHOWTIMES=300000. */
export const BIG =
  TARGET >= 1_000_000 ? `${+(TARGET / 1_000_000).toFixed(2)}M` : `${+(TARGET / 1000).toFixed(1)}k`;
export const LOAD_TEXT = `autocannon ${LOAD.connections} connections × ${LOAD.durationSeconds} s after ${LOAD.warmupSeconds} s warm-up`;
/** "big" is BENCH_SHOWTIMES (1M by default), printed as BIG. */
export type Size = "demo" | "big";

/** The targets of the issue, printed beside the figures. */
export const TARGETS = {
  healthz: 0.6,
  cachedHome: 0.25,
  parisRenderP50Ms: 100,
  homeKb: 100,
  cached: 0.5,
  uncachedP99Ms: 50,
  tableP95Ms: { postgres: 100, pglite: 300 } as Record<DatabaseHandle["kind"], number>,
};
