// Part (e) of `npm run bench`: the studio's two big tables, timed as their loaders call them — the
// showtimes table (core/showtimes/list-showtime-rows.ts) at BENCH_SHOWTIMES showtimes and the movies
// table (core/catalog/movies/list-movie-rows.ts) at BENCH_MOVIES movies: first page, a deep page, each sort,
// each filter, a search. Beside them, the baseline: the plainest page of the same table (one ordered
// index range, LIMIT 50, no joins, no count), so the ratio says what the table's own work costs.
import { sql } from "drizzle-orm";
import type { Actor } from "../core/access/actor.ts";
import { listMovieRows } from "../core/catalog/movies/list-movie-rows.ts";
import { queryRows } from "../core/shared/db-rows.ts";
import { listShowtimeRows } from "../core/showtimes/list-showtime-rows.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { percentile, sample } from "./stats.ts";

export type TableCase = {
  table: "showtimes" | "movies";
  label: string;
  rows: number;
  p50: number;
  p95: number;
  samples: number;
};
export type TableFigures = {
  cases: TableCase[];
  baseline: Record<"showtimes" | "movies", { p50: number; p95: number }>;
};

const STAFF: Actor = {
  userId: "00000000-0000-4000-8000-000000000000",
  profileId: "00000000-0000-4000-8000-000000000000",
  isSuperAdmin: true,
  effectiveClientId: null,
  role: null,
  impersonating: false,
};

const day = (now: Date, offset: number) =>
  new Date(now.getTime() + offset * 86_400_000).toISOString().slice(0, 10);

async function time(fn: () => Promise<{ rows: unknown[] } | unknown[]>, iterations: number) {
  const { samples, last } = await sample(fn, { iterations, warmup: 5, maxMs: 20_000 });
  const rows = Array.isArray(last) ? last.length : (last?.rows.length ?? 0);
  return { rows, p50: percentile(samples, 50), p95: percentile(samples, 95), samples: samples.length };
}

export async function measureStudioTables(
  handle: DatabaseHandle,
  now: Date,
  iterations: number,
  log: (line: string) => void,
): Promise<TableFigures> {
  const services = { db: handle.db, now: () => now };
  const week = { from: day(now, 0), to: day(now, 7) };
  const weekStart = new Date(`${week.from}T00:00:00Z`);
  const weekEnd = new Date(`${week.to}T23:59:59Z`);
  // Every filter must find rows: the generated feed cancels nothing, so 2% of the week is cancelled here.
  await handle.db.execute(
    sql`update showtimes set status = 'cancelled' where starts_at between ${weekStart} and ${weekEnd} and status = 'scheduled' and abs(hashtext(id::text)) % 50 = 0`,
  );
  await handle.db.execute(sql`analyze showtimes`);
  const [busy] = await queryRows<{ cinema_id: string; movie_id: string }>(
    handle.db,
    sql`select cinema_id, movie_id from showtimes where movie_id is not null and starts_at between ${weekStart} and ${weekEnd} order by starts_at desc limit 1`,
  );
  const showtimes = (input: Partial<Parameters<typeof listShowtimeRows>[2]>) => () =>
    listShowtimeRows(services, STAFF, { ...week, sort: "startsAt", page: 1, pageSize: 50, ...input });
  const movies = (input: Partial<Parameters<typeof listMovieRows>[2]>) => () =>
    listMovieRows(services, STAFF, { sort: "title", page: 1, pageSize: 50, ...input });

  const cases: [TableCase["table"], string, () => Promise<{ rows: unknown[] }>][] = [
    ["showtimes", "next 7 days, by time, page 1", showtimes({})],
    ["showtimes", "next 7 days, by time, page 40", showtimes({ page: 40 })],
    ["showtimes", "next 7 days, by time, newest first", showtimes({ sort: "-startsAt" })],
    ["showtimes", "next 7 days, by cinema", showtimes({ sort: "cinema" })],
    ["showtimes", "next 7 days, by movie", showtimes({ sort: "movie" })],
    ["showtimes", "one cinema, 7 days", showtimes({ cinemaId: busy?.cinema_id })],
    ["showtimes", "one movie, 7 days", showtimes({ movieId: busy?.movie_id })],
    ["showtimes", "cancelled, 7 days", showtimes({ status: "cancelled" })],
    ["showtimes", "added by hand, 7 days", showtimes({ sourceId: "manual" })],
    ["showtimes", "90 days back, page 1", showtimes({ from: day(now, -90), to: day(now, 0) })],
    ["movies", "by title, page 1", movies({})],
    ["movies", "by title, page 200", movies({ page: 200 })],
    ["movies", "by year, newest first", movies({ sort: "-year" })],
    ["movies", "recently changed", movies({ sort: "-updated" })],
    ["movies", "search “harbour 12”", movies({ search: "harbour 12" })],
    ["movies", "search a Dutch title “de night”", movies({ search: "de night" })],
    ["movies", "genre horror", movies({ genre: "horror" })],
    ["movies", "year 1999", movies({ year: 1999 })],
    ["movies", "hidden ones", movies({ status: "hidden" })],
  ];
  const figures: TableFigures = {
    cases: [],
    baseline: {
      showtimes: await time(
        () =>
          queryRows(
            handle.db,
            sql`select * from showtimes where starts_at >= ${weekStart} order by starts_at, id limit 50`,
          ),
        iterations,
      ),
      movies: await time(
        () => queryRows(handle.db, sql`select * from movies order by title, id limit 50`),
        iterations,
      ),
    },
  };
  for (const [table, label, run] of cases) {
    const measured = await time(run, iterations);
    figures.cases.push({ table, label, ...measured });
    log(
      `${handle.kind} ${table} · ${label}: ${measured.rows} rows, p50 ${measured.p50.toFixed(1)} ms, p95 ${measured.p95.toFixed(1)} ms`,
    );
  }
  return figures;
}
