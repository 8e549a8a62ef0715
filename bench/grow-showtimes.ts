// Grows the showtimes table to a target size in SQL (INSERT … SELECT generate_series): fast on both
// PGlite and PostgreSQL, no rows travel through JavaScript. Rows go to the demo cinemas and movies.
import { sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";

async function scalar(db: Database, query: ReturnType<typeof sql>): Promise<number> {
  const result = (await db.execute(query)) as unknown as { rows: { n: number | string }[] };
  return Number(result.rows[0]?.n ?? 0);
}

export async function countShowtimes(db: Database) {
  return scalar(db, sql`select count(*) as n from showtimes`);
}

export type GrowOptions = {
  /** total showtimes wanted (existing ones count) */
  target: number;
  /** generated shows start in [from, to): by default the 76 days before the demo window and its 14 days */
  from: Date;
  to: Date;
  /** rows per INSERT statement */
  batch?: number;
  onProgress?: (inserted: number, total: number) => void;
};

/**
 * Adds `target − count(showtimes)` rows spread evenly over the open cinemas, the movies and the
 * days of [from, to), with shows between 10:00 and 23:55 (UTC), a few attributes, prices and seats,
 * then ANALYZEs the table. Returns how many rows were added.
 */
export async function growShowtimes(db: Database, options: GrowOptions): Promise<number> {
  const existing = await countShowtimes(db);
  const missing = Math.max(0, options.target - existing);
  const batch = options.batch ?? 100_000;
  const days = Math.max(1, Math.floor((options.to.getTime() - options.from.getTime()) / 86_400_000));
  const from = new Date(
    Date.UTC(options.from.getUTCFullYear(), options.from.getUTCMonth(), options.from.getUTCDate()),
  );
  for (let start = 1; start <= missing; start += batch) {
    const end = Math.min(missing, start + batch - 1);
    await db.execute(sql`
      with c as (
        select id, country_code, (row_number() over (order by id) - 1)::int as i from cinemas where status = 'open'
      ), m as (
        select id, title, runtime_minutes, (row_number() over (order by id) - 1)::int as i from movies
      ), a as (
        select coalesce(array_agg(code order by code), '{}') as codes from attributes
      ), n as (
        select (select count(*) from c)::int as cinemas, (select count(*) from m)::int as movies
      ), g as (
        select g,
               ${from.toISOString()}::timestamptz
                 + ((g * 7) % ${days})::int * interval '1 day'
                 + interval '10 hours'
                 + ((g * 37) % 168)::int * interval '5 minutes' as starts_at
        from generate_series(${start}::bigint, ${end}::bigint) as g
      )
      insert into showtimes (
        cinema_id, country_code, movie_id, feed_title, starts_at, feature_starts_at, ends_at, auditorium,
        attributes, booking_url, price_min, price_max, currency, seats_available, seats_total, availability,
        status, source_ref
      )
      select c.id, c.country_code, m.id, m.title, g.starts_at, g.starts_at + interval '15 minutes',
             g.starts_at + interval '15 minutes' + coalesce(m.runtime_minutes, 110) * interval '1 minute',
             'Zaal ' || (1 + g.g % 8)::int,
             case when g.g % 4 = 0 and cardinality(a.codes) > 0
                  then array[a.codes[(1 + (g.g / 4) % cardinality(a.codes))::int]] else '{}'::text[] end,
             'https://tickets.example/' || g.g, (950 + (g.g % 5) * 100)::int, (1250 + (g.g % 5) * 100)::int, 'EUR',
             ((g.g * 13) % 180)::int, 180,
             (case when (g.g * 13) % 180 = 0 then 'sold-out' when (g.g * 13) % 180 <= 10 then 'few-left'
                   else 'available' end)::availability,
             'scheduled', 'bench:' || g.g
      from g
      cross join n
      cross join a
      join c on c.i = (g.g * 7919) % n.cinemas
      join m on m.i = (g.g * 104729) % n.movies
    `);
    options.onProgress?.(end, missing);
  }
  await db.execute(sql`analyze showtimes`);
  return missing;
}
