// Reading a movies CSV (core/catalog/movies/import-movies-csv.ts): the header, then each row checked on its
// own — its cells, its key, and that no earlier row names the same movie. A bad row is a problem with its
// line number, and the rest of the file goes on.
import { parse } from "csv-parse/sync";
import { IMDB_ID, parseMovieKey, WIKIDATA_ID } from "./movie-key.ts";

export type ImportMoviesProblem = { line: number; message: string };

/** One row of the file, checked: what it says about its movie and the key it names it by. */
export type MovieCsvRow = {
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

const MAX_TEXT = 500;

/** Why a row (or, before any row, the file) cannot be imported; the message is the problem's. */
export class RowError extends Error {}

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

/** The row's cells, each checked; its key is not read yet. */
function readCells(line: number, cells: Record<string, string>): MovieCsvRow {
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
  return {
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
}

/** The key fills the external id it is (which must agree with that column), the id, or the slug. */
function applyKey(row: MovieCsvRow): void {
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

function readRow(line: number, cells: Record<string, string>): MovieCsvRow {
  const row = readCells(line, cells);
  if (row.key) applyKey(row);
  return row;
}

/** The names a row is known by, for finding duplicates in the file and movies in the database. */
export function identifiers(row: MovieCsvRow): string[] {
  const names: string[] = [];
  if (row.imdbId) names.push(`imdb:${row.imdbId}`);
  if (row.tmdbId !== null) names.push(`tmdb:${row.tmdbId}`);
  if (row.wikidataId) names.push(`wd:${row.wikidataId}`);
  if (row.idKey) names.push(`id:${row.idKey}`);
  if (row.slugKey) names.push(`slug:${row.slugKey}`);
  return names;
}

type CsvRecord = { record: string[]; info: { lines: number } };

/** The file's records with their line numbers; a file that is no CSV at all is a RowError. */
function readRecords(csv: string): CsvRecord[] {
  try {
    return parse(csv, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as unknown as CsvRecord[];
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 0;
    throw new RowError(
      `the file is not readable CSV${line ? ` (line ${line})` : ""}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/** The file's good rows; each bad one becomes a problem. Throws a RowError when the file itself is unusable. */
export function parseMoviesCsv(csv: string, problems: ImportMoviesProblem[]): MovieCsvRow[] {
  const [header, ...body] = readRecords(csv);
  if (!header) throw new RowError("the file is empty");
  const columns = header.record.map((name) => name.trim().toLowerCase());
  if (!columns.includes("title")) throw new RowError(`the header row has no "title" column`);
  const rows: MovieCsvRow[] = [];
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
