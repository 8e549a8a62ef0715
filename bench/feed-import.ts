// Part `import` (g) of `npm run bench`: import throughput. A generated native CSV feed of BENCH_IMPORT_ROWS
// showtimes (1,000,000) for 100 cinemas, mapped by site id, 300 films (titles decorated the way cinemas do),
// imported by the real run (core/ingest/run-import.ts: parse, cinema, zone, attributes, matching, upsert in
// one transaction), then the same file again (nothing changes). Beside it, the baseline: a plain bulk insert
// of the same rows (Drizzle multi-row INSERT, 1,000 rows a statement, nothing checked or matched), so the
// ratio shows our overhead. Each engine starts from an empty migrated database.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { createApiResponseCache } from "../core/cache/response-cache.ts";
import { DEFAULT_FEED_FETCH_SETTINGS } from "../core/ingest/fetch-feed.ts";
import { runImport } from "../core/ingest/run-import.ts";
import { type DatabaseHandle, openPglite, openPostgres } from "../db/client.ts";
import { attributes, cinemas, countries, movies } from "../db/schema/catalog.ts";
import { sources } from "../db/schema/ingest.ts";
import { showtimes } from "../db/schema/showtimes.ts";
import { createScratchDatabase } from "./scratch-database.ts";
import { formatCount, renderTable } from "./stats.ts";

export type ImportFigures = {
  engine: DatabaseHandle["kind"];
  rows: number;
  feedBytes: number;
  /** first run: every row inserted */
  firstMs: number;
  /** the same file again: nothing changes */
  againMs: number;
  /** plain bulk insert of the same rows */
  baselineMs: number;
  inserted: number;
  unchangedUpdated: number;
  unmatched: number;
  error?: string;
};

export const IMPORT_TARGET_PER_SECOND = 25_000;
const CINEMAS = 100;
const FILMS = 300;
const DECORATIONS = ["", "", "", " (OV)", " 3D", " IMAX", " (Originele versie)"];

function generateFeed(rows: number): { csv: string; titles: string[] } {
  const titles = Array.from({ length: FILMS }, (_, n) => `Bench Picture ${n + 1}`);
  const lines = ["id,cinema_id,title,starts_at,attributes,audio_language,subtitles,price_min,currency"];
  const perCinema = Math.ceil(rows / CINEMAS);
  for (let n = 0; n < rows; n += 1) {
    const cinema = Math.floor(n / perCinema);
    const slot = n % perCinema;
    // 10 shows a day per cinema from 12:00, two hours apart, over as many days as needed.
    const day = new Date(Date.UTC(2031, 0, 1) + Math.floor(slot / 10) * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const hour = String(12 + ((slot % 10) % 6) * 2).padStart(2, "0");
    const minute = String((slot % 10) * 5).padStart(2, "0");
    const film = (n * 7) % FILMS;
    const title = `${titles[film]}${DECORATIONS[n % DECORATIONS.length]}`;
    lines.push(
      `B${n},S${String(cinema).padStart(3, "0")},${title},${day}T${hour}:${minute},${n % 5 === 0 ? "3D" : ""},en,nl,${900 + (n % 400)},EUR`,
    );
  }
  return { csv: lines.join("\n"), titles };
}

async function seed(handle: DatabaseHandle, titles: string[]) {
  const { db } = handle;
  await db
    .insert(countries)
    .values({
      code: "NL",
      name: "Netherlands",
      defaultLocale: "nl",
      timeZone: "Europe/Amsterdam",
      currency: "EUR",
    })
    .onConflictDoNothing();
  await db.insert(cinemas).values(
    Array.from({ length: CINEMAS }, (_, n) => ({
      name: `Bench Cinema ${n}`,
      slug: `bench-cinema-${n}`,
      city: "Utrecht",
      countryCode: "NL",
      timeZone: "Europe/Amsterdam",
      posSiteId: `S${String(n).padStart(3, "0")}`,
    })),
  );
  await db
    .insert(movies)
    .values(titles.map((title, n) => ({ title, slug: `bench-picture-${n + 1}`, year: 2031 })));
  await db
    .insert(attributes)
    .values({ code: "3d", category: "format", names: { en: "3D" } })
    .onConflictDoNothing();
}

async function openFresh(engine: DatabaseHandle["kind"], databaseUrl: string, workDir: string) {
  if (engine === "pglite") {
    const dataDir = await mkdtemp(path.join(workDir, "import-"));
    const handle = await openPglite({ dataDir });
    return { handle, drop: () => rm(dataDir, { recursive: true, force: true }) };
  }
  const scratch = await createScratchDatabase(databaseUrl, "reeltime_bench_import");
  const handle = await openPostgres(scratch.url, { max: 2 });
  return { handle, drop: scratch.drop };
}

/** The baseline: the rows the run wrote, inserted plainly into an emptied table. */
async function plainBulkInsert(handle: DatabaseHandle): Promise<number> {
  const { db } = handle;
  const rows = await db.select().from(showtimes);
  await db.execute(sql`truncate showtimes`);
  const started = performance.now();
  for (let start = 0; start < rows.length; start += 1_000) {
    await db.insert(showtimes).values(rows.slice(start, start + 1_000));
  }
  return performance.now() - started;
}

async function measureEngine(
  engine: DatabaseHandle["kind"],
  feed: { csv: string; titles: string[] },
  rows: number,
  databaseUrl: string,
  workDir: string,
  log: (line: string) => void,
): Promise<ImportFigures> {
  const { handle, drop } = await openFresh(engine, databaseUrl, workDir);
  try {
    await handle.migrate();
    await seed(handle, feed.titles);
    const [source] = await handle.db
      .insert(sources)
      .values({ name: "Bench feed", format: "reeltime-csv", location: "upload", isComplete: true })
      .returning({ id: sources.id });
    const services = {
      db: handle.db,
      now: () => new Date("2030-12-01T00:00:00Z"),
      apiCache: createApiResponseCache(),
      feeds: { fetch: DEFAULT_FEED_FETCH_SETTINGS, credentialsKey: Buffer.alloc(32) },
    };
    log(`${engine}: importing ${formatCount(rows)} showtimes…`);
    let started = performance.now();
    const first = await runImport(services, { sourceId: source!.id, input: feed.csv });
    const firstMs = performance.now() - started;
    if (first.status !== "succeeded")
      throw new Error(
        `the first import ended ${first.status}: ${JSON.stringify(first.problems.slice(0, 3))}`,
      );
    log(`${engine}: the same file again…`);
    started = performance.now();
    const again = await runImport(services, { sourceId: source!.id, input: feed.csv });
    const againMs = performance.now() - started;
    log(`${engine}: plain bulk insert of the same rows…`);
    const baselineMs = await plainBulkInsert(handle);
    return {
      engine,
      rows,
      feedBytes: Buffer.byteLength(feed.csv),
      firstMs,
      againMs,
      baselineMs,
      inserted: first.counts.inserted,
      unchangedUpdated: again.counts.inserted + again.counts.updated,
      unmatched: first.counts.unmatched,
    };
  } finally {
    await handle.close();
    await drop();
  }
}

export async function benchImport(options: {
  engines: readonly DatabaseHandle["kind"][];
  databaseUrl: string;
  rows: number;
  log: (line: string) => void;
}): Promise<ImportFigures[]> {
  const workDir = await mkdtemp(path.join(os.tmpdir(), "reeltime-bench-import-"));
  options.log(`import: generating a native CSV feed of ${formatCount(options.rows)} showtimes…`);
  const feed = generateFeed(options.rows);
  const figures: ImportFigures[] = [];
  try {
    for (const engine of options.engines) {
      if (engine === "postgres" && !options.databaseUrl) continue;
      try {
        figures.push(
          await measureEngine(engine, feed, options.rows, options.databaseUrl, workDir, options.log),
        );
      } catch (error) {
        figures.push({
          engine,
          rows: options.rows,
          feedBytes: 0,
          firstMs: Number.NaN,
          againMs: Number.NaN,
          baselineMs: Number.NaN,
          inserted: 0,
          unchangedUpdated: 0,
          unmatched: 0,
          error: error instanceof Error ? (error.stack ?? error.message) : String(error),
        });
      }
    }
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
  return figures;
}

const perSecond = (rows: number, ms: number) =>
  Number.isFinite(ms) && ms > 0 ? (rows * 1000) / ms : Number.NaN;

export function importReport(figures: ImportFigures[]): string[] {
  if (figures.length === 0) return [];
  const rows = figures[0]!.rows;
  const lines = [
    `(g) Import throughput — a generated native CSV feed of ${formatCount(rows)} showtimes (${CINEMAS} cinemas by site id, ${FILMS} films with decorated titles) through the real run, then the same file again; baseline: a plain bulk insert of the same rows (Drizzle, 1,000 rows a statement, nothing checked)`,
  ];
  const table = figures.map((f) => {
    const ours = perSecond(f.rows, f.firstMs);
    const base = perSecond(f.rows, f.baselineMs);
    const target =
      f.engine === "postgres"
        ? `≥ ${formatCount(IMPORT_TARGET_PER_SECOND)}/s: ${ours >= IMPORT_TARGET_PER_SECOND ? "met" : "NOT met"}`
        : "–";
    return [
      f.engine,
      f.error ? "failed" : `${(f.firstMs / 1000).toFixed(1)} s`,
      Number.isFinite(ours) ? `${formatCount(Math.round(ours))}/s` : "–",
      Number.isFinite(f.againMs) ? `${formatCount(Math.round(perSecond(f.rows, f.againMs)))}/s` : "–",
      Number.isFinite(base) ? `${formatCount(Math.round(base))}/s` : "–",
      Number.isFinite(ours) && Number.isFinite(base) ? `×${(ours / base).toFixed(2)}` : "–",
      `${formatCount(f.inserted)} / ${formatCount(f.unchangedUpdated)}`,
      target,
    ];
  });
  lines.push(
    renderTable(
      [
        "engine",
        "import",
        "showtimes/s",
        "same file again",
        "plain insert",
        "÷ plain insert",
        "inserted / changed again",
        "target",
      ],
      table,
    ),
  );
  for (const f of figures) if (f.error) lines.push(`  ${f.engine} failed: ${f.error.split("\n")[0]}`);
  return lines;
}
