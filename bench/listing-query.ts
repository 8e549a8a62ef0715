// Part `listing` (b) of `npm run bench`: the home page's listing query (core/showtimes/find-listing.ts)
// timed in this process at the demo size and at BENCH_SHOWTIMES showtimes, for the home page's default
// place and a dense one.
import type { DatabaseHandle } from "../db/client.ts";
import { type ListingQuery, type Place, findListing } from "../core/showtimes/find-listing.ts";
import { addDays, listingDateOf } from "../core/showtimes/listing-day.ts";
import { log } from "./progress.ts";
import { BIG, ITERATIONS, type Size } from "./run-settings.ts";
import { formatCount, formatMs, formatRatio, renderTable, sample, summarize } from "./stats.ts";

/** The home page's default place, and a dense one (Paris: the most cinemas in the demo data). */
const PLACES: { label: string; place: Place; timeZone: string }[] = [
  {
    label: "Amsterdam (home default)",
    place: { kind: "city", city: "Amsterdam", countryCode: "NL" },
    timeZone: "Europe/Amsterdam",
  },
  { label: "Paris", place: { kind: "city", city: "Paris", countryCode: "FR" }, timeZone: "Europe/Paris" },
];

type QueryFigures = { rows: number; p50: number; p99: number; samples: number };
/** Per place label, the figures at each size. */
export type ListingFigures = Record<string, Partial<Record<Size, QueryFigures>>>;

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

/**
 * Times each place's listing at `size` into `figures`. `queries` keeps each place's query from the demo
 * size, so the grown database answers the same question.
 */
export async function measureQueries(
  handle: DatabaseHandle,
  now: Date,
  queries: Map<string, ListingQuery>,
  size: Size,
  engine: DatabaseHandle["kind"],
  figures: ListingFigures,
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
    (figures[label] ??= {})[size] = { rows, p50: stats.p50, p99: stats.p99, samples: stats.count };
    log(
      `${engine} ${size} ${label}: ${rows} showtimes listed, p50 ${formatMs(stats.p50)}, p99 ${formatMs(stats.p99)} (${stats.count} calls)`,
    );
  }
}

/** Each engine and place at both sizes, the growth as ratios, and the engines side by side at BIG. */
export function listingReport(results: { engine: string; queries: ListingFigures }[]): string[] {
  const lines = [
    `(b) Listing query — findListing(), today's listing for a city, ${ITERATIONS} calls after warm-up`,
  ];
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
  return lines;
}
