// Operators load or update catalogue movies from a CSV file (npm run cli -- import-movies): a header row
// naming the columns key, title, original_title, year, runtime_minutes, original_language, imdb_id,
// tmdb_id, wikidata_id, title_nl (only title is required; unknown columns are ignored). A row updates the
// movie its external ids or its key name (core/catalog/movies/movie-key.ts), else it inserts one. Empty cells
// leave what the movie has. Bad rows are reported by line and skipped; the rest is written in one
// transaction with multi-row statements, and one audit entry sums the import up. Its steps live beside
// it: reading the rows (movies-csv-rows.ts), what each row becomes (movies-csv-plan.ts), the writes
// (movies-csv-writes.ts).
//
// Where a key lives: a key that is an external id ("tt…", "tmdb:…", "wd:Q…") is that id; a uuid is the
// movie's id (a new movie takes it). Any other key (a row for a film with no external ids) becomes the
// movie's slug, so the next import of the same file finds the movie again through its slug — but only a
// movie without external ids, whose slug no title-derived slug could have produced by chance.
import { sql } from "drizzle-orm";
import type { Actor } from "../../access/actor.ts";
import { requireSuperAdmin } from "../../access/permissions.ts";
import { invalidateApiData } from "../../cache/invalidate-api-data.ts";
import { writeAuditLog } from "../../audit/write-audit-log.ts";
import type { CatalogServices } from "../catalog-services.ts";
import { planMoviesImport } from "./movies-csv-plan.ts";
import { type ImportMoviesProblem, type MovieCsvRow, parseMoviesCsv, RowError } from "./movies-csv-rows.ts";
import { writeMovieTargets } from "./movies-csv-writes.ts";

/** The server passes its API cache so cached answers go stale; the CLI has none of its own. */

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

const MAX_PROBLEMS_IN_AUDIT = 50;
const ANALYZE_AFTER = 500;

export async function importMoviesCsv(
  services: CatalogServices,
  actor: Actor,
  input: { csv: string; fileName?: string },
): Promise<ImportMoviesResult> {
  requireSuperAdmin(actor);
  const problems: ImportMoviesProblem[] = [];
  let rows: MovieCsvRow[];
  try {
    rows = parseMoviesCsv(input.csv, problems);
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
    const { inserts, updates, unchanged } = await planMoviesImport(tx, rows, problems);
    await writeMovieTargets(tx, [...inserts, ...updates]);
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
  if (result.inserted + result.updated > 0) await invalidateApiData(services);
  return result;
}
