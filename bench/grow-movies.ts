// Grows the movies table to a target size in SQL (INSERT … SELECT generate_series), with a Dutch title
// for every third movie, so the studio's movie table is measured at catalogue size (50,000 by default).
import { sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";

const GENRES = ["drama", "comedy", "thriller", "animation", "documentary", "horror", "romance", "action"];
const WORDS = [
  "Night",
  "River",
  "Summer",
  "Ghost",
  "Garden",
  "Storm",
  "Harbour",
  "Letter",
  "Mountain",
  "Winter",
];

async function countMovies(db: Database): Promise<number> {
  const result = (await db.execute(sql`select count(*) as n from movies`)) as unknown as {
    rows: { n: string }[];
  };
  return Number(result.rows[0]?.n ?? 0);
}

/** Adds `target − count(movies)` movies ("Summer Harbour 1234", 1950–2026, one or two genres); ANALYZEs. */
export async function growMovies(db: Database, target: number): Promise<number> {
  const missing = Math.max(0, target - (await countMovies(db)));
  if (missing === 0) return 0;
  const words = sql.raw(`array[${WORDS.map((w) => `'${w}'`).join(",")}]`);
  const genres = sql.raw(`array[${GENRES.map((g) => `'${g}'`).join(",")}]`);
  await db.execute(sql`
    insert into movies (title, slug, year, runtime_minutes, genres, original_language, status)
    select (${words})[1 + g % 10] || ' ' || (${words})[1 + (g / 10) % 10] || ' ' || g,
           'bench-movie-' || g,
           1950 + (g * 7) % 77,
           80 + (g * 13) % 100,
           case when g % 3 = 0 then array[(${genres})[1 + g % 8], (${genres})[1 + (g / 8) % 8]]
                else array[(${genres})[1 + g % 8]] end,
           'en',
           (case when g % 50 = 0 then 'hidden' else 'active' end)::movie_status
    from generate_series(1::bigint, ${missing}::bigint) as g
  `);
  await db.execute(sql`
    insert into movie_titles (movie_id, locale, title)
    select id, 'nl', 'De ' || title from movies where slug like 'bench-movie-%' and right(slug, 1) in ('0', '3', '6', '9')
    on conflict do nothing
  `);
  await db.execute(sql`analyze movies`);
  await db.execute(sql`analyze movie_titles`);
  return missing;
}
