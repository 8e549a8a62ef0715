// Reads movie keys back (core/catalog/movies/movie-key.ts): key → movie id for the keys that name a movie, one
// query per CHUNK keys. A merged movie answers as its survivor.
import { sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { textArray, uuidArray } from "../../shared/sql-values.ts";
import { queryRows } from "../../shared/db-rows.ts";
import { movieKey, parseMovieKey } from "./movie-key.ts";

/** keys (or ids) per query: each is a bound parameter, and PostgreSQL takes at most 65,535 */
const CHUNK = 5000;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

export async function findMoviesByKeys(db: Database, keys: readonly string[]): Promise<Map<string, string>> {
  const result = new Map<string, string>();
  for (const chunk of chunks([...new Set(keys)])) {
    for (const [key, id] of await findChunk(db, chunk)) result.set(key, id);
  }
  return result;
}

async function findChunk(db: Database, keys: readonly string[]): Promise<Map<string, string>> {
  const wanted = {
    imdb: [] as string[],
    tmdb: [] as string[],
    wikidata: [] as string[],
    id: [] as string[],
    slug: [] as string[],
  };
  const lookup = new Map<string, string>();
  for (const key of keys) {
    const parsed = parseMovieKey(key);
    if (!parsed) continue;
    wanted[parsed.kind].push(String(parsed.value));
    lookup.set(`${parsed.kind}:${parsed.value}`, key);
  }
  const rows = await queryRows<{ kind: string; value: string; id: string }>(
    db,
    sql`with found(kind, value, movie_id) as (
          select 'imdb', imdb_id, id from movies where imdb_id = any(${textArray(wanted.imdb)})
          union all select 'tmdb', tmdb_id::text, id from movies where tmdb_id = any(${textArray(wanted.tmdb)}::int[])
          union all select 'wikidata', wikidata_id, id from movies where wikidata_id = any(${textArray(wanted.wikidata)})
          union all select 'id', id::text, id from movies where id = any(${uuidArray(wanted.id)})
          union all select 'slug', slug, id from movies where slug = any(${textArray(wanted.slug)})
        )
        select f.kind, f.value, coalesce(m.merged_into_id, m.id) as id
        from found f join movies m on m.id = f.movie_id`,
  );
  const result = new Map<string, string>();
  for (const row of rows) {
    const key = lookup.get(`${row.kind}:${row.value}`);
    if (key) result.set(key, row.id);
  }
  return result;
}

/** movie id → key, for printing what the matcher found. */
export async function movieKeysByIds(db: Database, ids: readonly string[]): Promise<Map<string, string>> {
  const result = new Map<string, string>();
  for (const chunk of chunks([...new Set(ids)])) {
    const rows = await queryRows<{
      id: string;
      imdb_id: string | null;
      tmdb_id: number | null;
      wikidata_id: string | null;
    }>(db, sql`select id, imdb_id, tmdb_id, wikidata_id from movies where id = any(${uuidArray(chunk)})`);
    for (const r of rows)
      result.set(
        r.id,
        movieKey({ id: r.id, imdbId: r.imdb_id, tmdbId: r.tmdb_id, wikidataId: r.wikidata_id }),
      );
  }
  return result;
}
