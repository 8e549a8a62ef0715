// What each row of a movies CSV becomes (core/catalog/movies/import-movies-csv.ts): an update of the movie
// it names, a new movie with a free slug, nothing when it changes nothing, or a problem when it names a
// movie it may not update.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { textArray, uuidArray } from "../../shared/sql-values.ts";
import { queryRows } from "../../shared/db-rows.ts";
import type { Transaction } from "../attributes/attributes.ts";
import { slugify } from "./movie-key.ts";
import { identifiers, type ImportMoviesProblem, type MovieCsvRow, RowError } from "./movies-csv-rows.ts";

type Existing = {
  id: string;
  slug: string;
  title: string;
  original_title: string | null;
  year: number | null;
  runtime_minutes: number | null;
  original_language: string | null;
  imdb_id: string | null;
  tmdb_id: number | null;
  wikidata_id: string | null;
  status: string;
  title_en: string | null;
  title_nl: string | null;
};

/** What one movie becomes: the movies columns and its en / nl titles. */
export type MovieCsvTarget = {
  id: string;
  slug: string;
  title: string;
  originalTitle: string | null;
  year: number | null;
  runtimeMinutes: number | null;
  originalLanguage: string | null;
  imdbId: string | null;
  tmdbId: number | null;
  wikidataId: string | null;
  titleNl: string | null;
};

export type MovieCsvPlan = { inserts: MovieCsvTarget[]; updates: MovieCsvTarget[]; unchanged: number };

/** rows per lookup: up to five identifiers each */
const LOOKUP_BATCH = 5000;

export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

async function findExisting(tx: Transaction, rows: MovieCsvRow[]): Promise<Existing[]> {
  const found = new Map<string, Existing>();
  for (const batch of chunks(rows, LOOKUP_BATCH)) {
    const imdb = batch.flatMap((r) => (r.imdbId ? [r.imdbId] : []));
    const tmdb = batch.flatMap((r) => (r.tmdbId !== null ? [String(r.tmdbId)] : []));
    const wikidata = batch.flatMap((r) => (r.wikidataId ? [r.wikidataId] : []));
    const ids = batch.flatMap((r) => (r.idKey ? [r.idKey] : []));
    const slugs = batch.flatMap((r) => (r.slugKey ? [r.slugKey] : []));
    const result = await queryRows<Existing>(
      tx,
      sql`select m.id, m.slug, m.title, m.original_title, m.year, m.runtime_minutes, m.original_language,
                 m.imdb_id, m.tmdb_id, m.wikidata_id, m.status::text as status,
                 (select t.title from movie_titles t where t.movie_id = m.id and t.locale = 'en') as title_en,
                 (select t.title from movie_titles t where t.movie_id = m.id and t.locale = 'nl') as title_nl
          from movies m
          where m.imdb_id = any(${textArray(imdb)})
             or m.tmdb_id = any(${textArray(tmdb)}::int[])
             or m.wikidata_id = any(${textArray(wikidata)})
             or m.id = any(${uuidArray(ids)})
             or m.slug = any(${textArray(slugs)})`,
    );
    for (const movie of result) found.set(movie.id, movie);
  }
  return [...found.values()];
}

/** The movies found, by each name a row may know them by (as `identifiers` writes them). */
function indexByName(existing: Existing[]): Map<string, Existing> {
  const index = new Map<string, Existing>();
  for (const movie of existing) {
    if (movie.imdb_id) index.set(`imdb:${movie.imdb_id}`, movie);
    if (movie.tmdb_id !== null) index.set(`tmdb:${movie.tmdb_id}`, movie);
    if (movie.wikidata_id) index.set(`wd:${movie.wikidata_id}`, movie);
    index.set(`id:${movie.id}`, movie);
    index.set(`slug:${movie.slug}`, movie);
  }
  return index;
}

/** The one movie a row names, or why it names none it may update (undefined: a new movie). */
function resolve(row: MovieCsvRow, index: Map<string, Existing>): Existing | undefined {
  const matches = new Map<string, Existing>();
  for (const name of identifiers(row)) {
    const movie = index.get(name);
    if (!movie) continue;
    if (name.startsWith("slug:") && (movie.imdb_id || movie.tmdb_id !== null || movie.wikidata_id))
      throw new RowError(
        `key "${row.key}" is the slug of "${movie.title}", a movie with external ids: give its ids instead`,
      );
    matches.set(movie.id, movie);
  }
  if (matches.size > 1)
    throw new RowError(
      `its ids name different movies: ${[...matches.values()].map((m) => `"${m.title}"`).join(", ")}`,
    );
  const [movie] = matches.values();
  if (movie?.status === "merged")
    throw new RowError(`"${movie.title}" was merged into another movie: update that one instead`);
  return movie;
}

function updatedTarget(row: MovieCsvRow, movie: Existing): MovieCsvTarget {
  return {
    id: movie.id,
    slug: movie.slug,
    title: row.title,
    originalTitle: row.originalTitle ?? movie.original_title,
    year: row.year ?? movie.year,
    runtimeMinutes: row.runtimeMinutes ?? movie.runtime_minutes,
    originalLanguage: row.originalLanguage ?? movie.original_language,
    imdbId: row.imdbId ?? movie.imdb_id,
    tmdbId: row.tmdbId ?? movie.tmdb_id,
    wikidataId: row.wikidataId ?? movie.wikidata_id,
    titleNl: row.titleNl ?? movie.title_nl,
  };
}

function changed(target: MovieCsvTarget, movie: Existing): boolean {
  return (
    target.title !== movie.title ||
    target.title !== movie.title_en ||
    target.originalTitle !== movie.original_title ||
    target.year !== movie.year ||
    target.runtimeMinutes !== movie.runtime_minutes ||
    target.originalLanguage !== movie.original_language ||
    target.imdbId !== movie.imdb_id ||
    target.tmdbId !== movie.tmdb_id ||
    target.wikidataId !== movie.wikidata_id ||
    target.titleNl !== movie.title_nl
  );
}

/** A new movie: the key's uuid (else a fresh one) and the slug `assignSlugs` gave the row. */
function newTarget(row: MovieCsvRow): MovieCsvTarget {
  return {
    id: row.idKey ?? randomUUID(),
    slug: row.slugKey!,
    title: row.title,
    originalTitle: row.originalTitle,
    year: row.year,
    runtimeMinutes: row.runtimeMinutes,
    originalLanguage: row.originalLanguage,
    imdbId: row.imdbId,
    tmdbId: row.tmdbId,
    wikidataId: row.wikidataId,
    titleNl: row.titleNl,
  };
}

/** New movies' slugs: the key's slug, else title and year, else that with the key (or a random tail). */
async function assignSlugs(
  tx: Transaction,
  rows: MovieCsvRow[],
  problems: ImportMoviesProblem[],
): Promise<MovieCsvRow[]> {
  const choices = rows.map((row) => {
    if (row.slugKey) return [row.slugKey];
    const base =
      slugify(`${row.title} ${row.year ?? ""}`)
        .slice(0, 80)
        .replace(/-+$/, "") || "movie";
    const tail = slugify(row.imdbId ?? (row.tmdbId ? `tmdb-${row.tmdbId}` : (row.wikidataId ?? "")));
    return tail ? [base, `${base}-${tail}`] : [base];
  });
  const taken = new Set<string>();
  for (const batch of chunks(choices.flat(), LOOKUP_BATCH)) {
    const result = await queryRows<{ slug: string }>(
      tx,
      sql`select slug from movies where slug = any(${textArray(batch)})`,
    );
    for (const { slug } of result) taken.add(slug);
  }
  const kept: MovieCsvRow[] = [];
  rows.forEach((row, i) => {
    const options = choices[i]!;
    let slug = options.find((option) => !taken.has(option));
    if (!slug && !row.slugKey) slug = `${options[0]}-${randomUUID().slice(0, 8)}`;
    if (!slug) {
      problems.push({ line: row.line, message: `key "${row.key}" is the slug of another movie` });
      return;
    }
    taken.add(slug);
    row.slugKey = slug;
    kept.push(row);
  });
  return kept;
}

/** Sorts the rows into updates, new movies and unchanged ones; a row that names a movie wrongly is a problem. */
export async function planMoviesImport(
  tx: Transaction,
  rows: MovieCsvRow[],
  problems: ImportMoviesProblem[],
): Promise<MovieCsvPlan> {
  const index = indexByName(await findExisting(tx, rows));
  const updates: MovieCsvTarget[] = [];
  let unchanged = 0;
  const fresh: MovieCsvRow[] = [];
  for (const row of rows) {
    try {
      const movie = resolve(row, index);
      if (!movie) fresh.push(row);
      else {
        const target = updatedTarget(row, movie);
        if (changed(target, movie)) updates.push(target);
        else unchanged++;
      }
    } catch (error) {
      if (!(error instanceof RowError)) throw error;
      problems.push({ line: row.line, message: error.message });
    }
  }
  const inserts = (await assignSlugs(tx, fresh, problems)).map(newTarget);
  return { inserts, updates, unchanged };
}
