// The public API's data queries, timed straight on the database (no HTTP, no response cache): p50 / p99 per
// query shape, to check them against the indexes at 1,000,000 showtimes. Not a test: it prints figures.
//
//   node bench/api-queries.ts <postgres-url>      (a database with the demo data grown by grow-showtimes.ts)
//   BENCH_ITERATIONS=200 (per query), BENCH_NOW=2026-11-24T11:00:00Z (the seed's moment)
import { sql } from "drizzle-orm";
import { openPostgres } from "../db/client.ts";
import { listAttributes } from "../core/api/attributes/list-attributes.ts";
import { listChanges } from "../core/api/changes/list-changes.ts";
import { listChains } from "../core/api/chains/list-chains.ts";
import { listCinemas } from "../core/api/cinemas/list-cinemas.ts";
import { listCities } from "../core/api/cities/list-cities.ts";
import { queryRows } from "../core/shared/db-rows.ts";
import { listMovies } from "../core/api/movies/list-movies.ts";
import { listShowtimes } from "../core/api/showtimes/list-showtimes.ts";
import { countShowtimes } from "./grow-showtimes.ts";
import { formatCount, formatMs, renderTable, summarize } from "./stats.ts";

const url = process.argv[2] ?? process.env.TEST_DATABASE_URL;
if (!url) throw new Error("usage: node bench/api-queries.ts <postgres-url>");
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 200);
const now = new Date(process.env.BENCH_NOW ?? "2026-11-24T11:00:00Z");
const handle = await openPostgres(url, { max: 2 });
const services = { db: handle.db, now: () => now, baseUrl: "http://localhost:3000" };

const ALL = { countries: ["DK", "FR", "NL"] };
const NL = { countries: ["NL"] };
const PARIS = { latitude: 48.8566, longitude: 2.3522 };
const day = (offset: number) => new Date(now.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
const [movie] = await queryRows<{ id: string }>(
  handle.db,
  sql`select movie_id as id from showtimes where movie_id is not null group by movie_id order by count(*) desc limit 1`,
);
const firstPage = await listShowtimes(services, ALL, { limit: 50 });

const cases: [string, () => Promise<unknown>][] = [
  ["showtimes · all countries · from now", () => listShowtimes(services, ALL, {})],
  [
    "showtimes · all countries · page 2",
    () => listShowtimes(services, ALL, { cursor: firstPage.pagination.next_cursor! }),
  ],
  ["showtimes · NL · from now", () => listShowtimes(services, NL, {})],
  [
    "showtimes · FR · tomorrow (dates)",
    () =>
      listShowtimes(services, ALL, {
        country: "FR",
        from: { kind: "date", date: day(1) },
        to: { kind: "date", date: day(1) },
      }),
  ],
  [
    "showtimes · city Amsterdam · today",
    () =>
      listShowtimes(services, ALL, {
        city: "Amsterdam",
        from: { kind: "date", date: day(0) },
        to: { kind: "date", date: day(0) },
      }),
  ],
  [
    "showtimes · city Paris · today",
    () =>
      listShowtimes(services, ALL, {
        city: "Paris",
        from: { kind: "date", date: day(0) },
        to: { kind: "date", date: day(0) },
      }),
  ],
  ["showtimes · near Paris 10 km", () => listShowtimes(services, ALL, { near: { ...PARIS, radiusKm: 10 } })],
  [
    "showtimes · near Paris 100 km · 2 days",
    () =>
      listShowtimes(services, ALL, {
        near: { ...PARIS, radiusKm: 100 },
        from: { kind: "date", date: day(0) },
        to: { kind: "date", date: day(1) },
      }),
  ],
  ["showtimes · busiest movie · from now", () => listShowtimes(services, ALL, { movie: movie!.id })],
  [
    "showtimes · busiest movie · NL · tomorrow",
    () =>
      listShowtimes(services, NL, {
        movie: movie!.id,
        from: { kind: "date", date: day(1) },
        to: { kind: "date", date: day(1) },
      }),
  ],
  ["showtimes · imax + ov · all countries", () => listShowtimes(services, ALL, { attributes: ["imax"] })],
  [
    "showtimes · audio en, subtitles nl · NL",
    () => listShowtimes(services, NL, { audio_language: "en", subtitle_language: "nl" }),
  ],
  ["showtimes · 200 per page · Paris", () => listShowtimes(services, ALL, { city: "Paris", limit: 200 })],
  [
    "changes · since the start · all",
    () => listChanges(services, ALL, { since: { kind: "time", at: new Date(0) } }),
  ],
  ["movies · now playing · all", () => listMovies(services, ALL, { now_playing: true })],
  ["movies · now playing · NL", () => listMovies(services, NL, { country: "NL" })],
  ["cinemas · near Paris 10 km", () => listCinemas(services, ALL, { near: { ...PARIS, radiusKm: 10 } })],
  ["cinemas · text", () => listCinemas(services, ALL, { q: "pathé" })],
  ["cities · all", () => listCities(services, ALL, {})],
  ["chains · all", () => listChains(services, ALL, {})],
  ["attributes", () => listAttributes(services, {})],
];

console.log(
  `showtimes: ${formatCount(await countShowtimes(handle.db))}, ${ITERATIONS} runs per query (after 5 warm-up runs)\n`,
);
const rows: string[][] = [];
for (const [label, run] of cases) {
  for (let i = 0; i < 5; i++) await run();
  const samples: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  const s = summarize(samples);
  rows.push([label, formatMs(s.p50), formatMs(s.p99), formatMs(s.max)]);
}
console.log(renderTable(["query", "p50", "p99", "max"], rows));
await handle.close();
