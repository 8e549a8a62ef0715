// Operators load or update catalogue movies from a CSV file (npm run cli -- import-movies): a header row
// naming the columns key, title, original_title, year, runtime_minutes, original_language, imdb_id,
// tmdb_id, wikidata_id, title_nl (only title is required; unknown columns are ignored). A row updates the
// movie its external ids or its key name (core/catalog/movies/movie-key.ts), else it inserts one. Empty cells
// leave what the movie has. Bad rows are reported by line and skipped; the rest is written in one
// transaction with multi-row statements, and one audit entry sums the import up.
//
// Where a key lives: a key that is an external id ("tt…", "tmdb:…", "wd:Q…") is that id; a uuid is the
// movie's id (a new movie takes it). Any other key (a row for a film with no external ids) becomes the
// movie's slug, so the next import of the same file finds the movie again through its slug — but only a
// movie without external ids, whose slug no title-derived slug could have produced by chance.
import { randomUUID } from "node:crypto";
import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import { movies, movieTitles } from "../../../db/schema/catalog.ts";
import type { Actor } from "../../access/actor.ts";
import { requireSuperAdmin } from "../../access/permissions.ts";
import { invalidateApiData } from "../../cache/invalidate-api-data.ts";
import type { ApiResponseCache } from "../../cache/response-cache.ts";
import { textArray, uuidArray } from "../../shared/sql-values.ts";
import { writeAuditLog } from "../../audit/write-audit-log.ts";
import { queryRows } from "../../shared/db-rows.ts";
import type { Transaction } from "../attributes/attributes.ts";
import { IMDB_ID, parseMovieKey, slugify, WIKIDATA_ID } from "./movie-key.ts";
import type { CatalogServices } from "../catalog-services.ts";

/** The server passes its API cache so cached answers go stale; the CLI has none of its own. */
export type ImportMoviesServices = CatalogServices & { apiCache?: ApiResponseCache };

export type ImportMoviesProblem = { line: number; message: string };
export type ImportMoviesResult = {
  inserted: number;
  updated: number;
  unchanged: number;
  skipped: number;
  problems: ImportMoviesProblem[];
};

export const IMPORT_MOVIES_COLUMNS = [
  "key",
  "title",
  "original_title",
  "year",
  "runtime_minutes",
  "original_language",
  "imdb_id",
  "tmdb_id",
  "wikidata_id",
  "title_nl",
] as const;

type Row = {
  line: number;
  /** the key as written, for messages */
  key: string;
  slugKey: string | null;
  idKey: string | null;
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
type Target = {
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

/** rows per statement: ten columns each, well under PostgreSQL's 65,535 parameters */
const BATCH = 2000;
/** rows per lookup: up to five identifiers each */
const LOOKUP_BATCH = 5000;
const MAX_TEXT = 500;
const MAX_PROBLEMS_IN_AUDIT = 50;
const ANALYZE_AFTER = 500;

class RowError extends Error {}

function integer(value: string, column: string, min: number, max: number): number | null {
  if (!value) return null;
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max)
    throw new RowError(`${column} "${value}" is not a whole number from ${min} to ${max}`);
  return Number(value);
}

function text(value: string, column: string): string | null {
  if (!value) return null;
  if (value.length > MAX_TEXT) throw new RowError(`${column} is longer than ${MAX_TEXT} characters`);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) throw new RowError(`${column} contains control characters`);
  return value;
}

function readRow(line: number, cells: Record<string, string>): Row {
  const cell = (name: string) => (cells[name] ?? "").trim();
  const title = text(cell("title"), "title");
  if (!title) throw new RowError("title is empty");
  const imdb = cell("imdb_id");
  if (imdb && !IMDB_ID.test(imdb)) throw new RowError(`imdb_id "${imdb}" is not an IMDb id (tt1234567)`);
  const wikidata = cell("wikidata_id").replace(/^wd:/i, "").toUpperCase();
  if (wikidata && !WIKIDATA_ID.test(wikidata))
    throw new RowError(`wikidata_id "${cell("wikidata_id")}" is not a Wikidata id (Q123)`);
  const language = cell("original_language").toLowerCase();
  if (language && !/^[a-z]{2,3}$/.test(language))
    throw new RowError(`original_language "${language}" is not a language code (en, nl, fra)`);
  const row: Row = {
    line,
    key: cell("key"),
    slugKey: null,
    idKey: null,
    title,
    originalTitle: text(cell("original_title"), "original_title"),
    year: integer(cell("year"), "year", 1870, 2100),
    runtimeMinutes: integer(cell("runtime_minutes"), "runtime_minutes", 1, 1500),
    originalLanguage: language || null,
    imdbId: imdb || null,
    tmdbId: integer(cell("tmdb_id"), "tmdb_id", 1, 999_999_999),
    wikidataId: wikidata || null,
    titleNl: text(cell("title_nl"), "title_nl"),
  };
  if (row.key) {
    const key = parseMovieKey(row.key);
    if (!key) throw new RowError(`key "${row.key}" names nothing`);
    const clash = (column: string, value: string | number) => {
      throw new RowError(`key "${row.key}" does not match ${column} "${value}"`);
    };
    if (key.kind === "imdb") {
      if (row.imdbId && row.imdbId !== key.value) clash("imdb_id", row.imdbId);
      row.imdbId = key.value;
    } else if (key.kind === "tmdb") {
      if (row.tmdbId !== null && row.tmdbId !== key.value) clash("tmdb_id", row.tmdbId);
      row.tmdbId = key.value;
    } else if (key.kind === "wikidata") {
      if (row.wikidataId && row.wikidataId !== key.value) clash("wikidata_id", row.wikidataId);
      row.wikidataId = key.value;
    } else if (key.kind === "id") row.idKey = key.value;
    else row.slugKey = key.value;
  }
  return row;
}

/** The names a row is known by, for finding duplicates in the file and movies in the database. */
function identifiers(row: Row): string[] {
  const names: string[] = [];
  if (row.imdbId) names.push(`imdb:${row.imdbId}`);
  if (row.tmdbId !== null) names.push(`tmdb:${row.tmdbId}`);
  if (row.wikidataId) names.push(`wd:${row.wikidataId}`);
  if (row.idKey) names.push(`id:${row.idKey}`);
  if (row.slugKey) names.push(`slug:${row.slugKey}`);
  return names;
}

function parseCsv(csv: string, problems: ImportMoviesProblem[]): Row[] {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(csv, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 0;
    throw new RowError(
      `the file is not readable CSV${line ? ` (line ${line})` : ""}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const [header, ...body] = records;
  if (!header) throw new RowError("the file is empty");
  const columns = header.record.map((name) => name.trim().toLowerCase());
  if (!columns.includes("title")) throw new RowError(`the header row has no "title" column`);
  const rows: Row[] = [];
  const seen = new Map<string, number>();
  for (const { record, info } of body) {
    const line = info.lines;
    try {
      if (record.length !== columns.length)
        throw new RowError(`expected ${columns.length} fields, found ${record.length}`);
      const row = readRow(line, Object.fromEntries(columns.map((name, i) => [name, record[i] ?? ""])));
      const names = identifiers(row);
      const earlier = names.map((name) => seen.get(name)).find((l) => l !== undefined);
      if (earlier !== undefined) throw new RowError(`names the same movie as line ${earlier}`);
      for (const name of names) seen.set(name, line);
      rows.push(row);
    } catch (error) {
      if (!(error instanceof RowError)) throw error;
      problems.push({ line, message: error.message });
    }
  }
  return rows;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

async function findExisting(tx: Transaction, rows: Row[]): Promise<Existing[]> {
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

/** The one movie a row names, or why it names none it may update (undefined: a new movie). */
function resolve(row: Row, index: Map<string, Existing>): Existing | undefined {
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

function updatedTarget(row: Row, movie: Existing): Target {
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

function changed(target: Target, movie: Existing): boolean {
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

/** New movies' slugs: the key's slug, else title and year, else that with the key (or a random tail). */
async function assignSlugs(tx: Transaction, rows: Row[], problems: ImportMoviesProblem[]): Promise<Row[]> {
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
  const kept: Row[] = [];
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

function movieValues(target: Target) {
  return {
    id: target.id,
    slug: target.slug,
    title: target.title,
    originalTitle: target.originalTitle,
    year: target.year,
    runtimeMinutes: target.runtimeMinutes,
    originalLanguage: target.originalLanguage,
    imdbId: target.imdbId,
    tmdbId: target.tmdbId,
    wikidataId: target.wikidataId,
  };
}

async function writeTargets(tx: Transaction, targets: Target[]) {
  for (const batch of chunks(targets, BATCH)) {
    await tx
      .insert(movies)
      .values(batch.map(movieValues))
      .onConflictDoUpdate({
        target: movies.id,
        set: {
          title: sql`excluded.title`,
          originalTitle: sql`excluded.original_title`,
          year: sql`excluded.year`,
          runtimeMinutes: sql`excluded.runtime_minutes`,
          originalLanguage: sql`excluded.original_language`,
          imdbId: sql`excluded.imdb_id`,
          tmdbId: sql`excluded.tmdb_id`,
          wikidataId: sql`excluded.wikidata_id`,
          updatedAt: sql`now()`,
        },
      });
    const titles = batch.flatMap((t) => [
      { movieId: t.id, locale: "en", title: t.title },
      ...(t.titleNl ? [{ movieId: t.id, locale: "nl", title: t.titleNl }] : []),
    ]);
    await tx
      .insert(movieTitles)
      .values(titles)
      .onConflictDoUpdate({
        target: [movieTitles.movieId, movieTitles.locale],
        set: { title: sql`excluded.title`, updatedAt: sql`now()` },
      });
  }
}

export async function importMoviesCsv(
  services: ImportMoviesServices,
  actor: Actor,
  input: { csv: string; fileName?: string },
): Promise<ImportMoviesResult> {
  requireSuperAdmin(actor);
  const problems: ImportMoviesProblem[] = [];
  let rows: Row[];
  try {
    rows = parseCsv(input.csv, problems);
  } catch (error) {
    if (!(error instanceof RowError)) throw error;
    return {
      inserted: 0,
      updated: 0,
      unchanged: 0,
      skipped: 0,
      problems: [{ line: 0, message: error.message }],
    };
  }
  const result = await services.db.transaction(async (tx) => {
    const existing = await findExisting(tx, rows);
    const index = new Map<string, Existing>();
    for (const movie of existing) {
      if (movie.imdb_id) index.set(`imdb:${movie.imdb_id}`, movie);
      if (movie.tmdb_id !== null) index.set(`tmdb:${movie.tmdb_id}`, movie);
      if (movie.wikidata_id) index.set(`wd:${movie.wikidata_id}`, movie);
      index.set(`id:${movie.id}`, movie);
      index.set(`slug:${movie.slug}`, movie);
    }
    const updates: Target[] = [];
    let unchanged = 0;
    let fresh: Row[] = [];
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
    fresh = await assignSlugs(tx, fresh, problems);
    const inserts: Target[] = fresh.map((row) => ({
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
    }));
    await writeTargets(tx, [...inserts, ...updates]);
    problems.sort((a, b) => a.line - b.line);
    const counts = {
      inserted: inserts.length,
      updated: updates.length,
      unchanged,
      skipped: problems.length,
    };
    await writeAuditLog(tx, actor, {
      action: "catalog.movie.import",
      entityType: "movie",
      clientId: null,
      after: { file: input.fileName ?? null, ...counts, problems: problems.slice(0, MAX_PROBLEMS_IN_AUDIT) },
    });
    return { ...counts, problems };
  });
  // A bulk load changes the tables' shape: fresh statistics let the planner pick the trigram indexes.
  if (result.inserted + result.updated >= ANALYZE_AFTER)
    await services.db.execute(sql`analyze movies, movie_titles`);
  if (services.apiCache && result.inserted + result.updated > 0)
    await invalidateApiData({ apiCache: services.apiCache });
  return result;
}
