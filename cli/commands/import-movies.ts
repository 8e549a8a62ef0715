// npm run cli -- import-movies --file movies.csv: loads or updates catalogue movies (core/catalog/
// import-movies-csv.ts). Bad rows are listed by line and skipped; one audit entry records the import. Like
// import-feed, it makes the API's cached answers stale (cli/api-cache.ts).
import { readFile } from "node:fs/promises";
import path from "node:path";
import { systemActor } from "../../core/access/system-actor.ts";
import { IMPORT_MOVIES_COLUMNS, importMoviesCsv } from "../../core/catalog/movies/import-movies-csv.ts";
import { cliApiCache } from "../api-cache.ts";
import { type CliCommand, EXIT } from "../command.ts";
import { openCliDatabase } from "../database.ts";
import { readOptions, requireOption } from "../options.ts";

export const importMoviesCommand: CliCommand = {
  name: "import-movies",
  summary: "Load or update catalogue movies from a CSV file",
  help: [
    "Usage: npm run cli -- import-movies --file <movies.csv>",
    "",
    "Loads or updates catalogue movies from a CSV file with a header row. Columns (any order; only",
    `title is required; other columns are ignored): ${IMPORT_MOVIES_COLUMNS.join(", ")}.`,
    "",
    "A row updates the movie its IMDb / TMDB / Wikidata id or its key names, else it adds one. A key",
    'is an IMDb id ("tt0111161"), "tmdb:<id>", "wd:<Q-id>", a movie\'s uuid, or for a film without',
    "external ids any name of your own, which becomes the movie's slug. Empty cells keep what the movie",
    "has; a row with neither a key nor an id always adds a movie. Rows that cannot be read are listed",
    "with their line number and skipped; the rest is saved in one transaction.",
    "",
    "Options:",
    "  --file <path>  the CSV file (UTF-8)",
    "",
    "Example: npm run cli -- import-movies --file tests/data/matching/catalogue.csv",
  ].join("\n"),
  async run(args, io) {
    const options = readOptions(args, ["file"] as const);
    const file = path.resolve(io.cwd, requireOption(options.file, "file"));
    let csv: string;
    try {
      csv = await readFile(file, "utf8");
    } catch (error) {
      io.err(`Cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
      return EXIT.failed;
    }
    const database = await openCliDatabase(io.env, io.cwd);
    const cache = cliApiCache(io.env);
    try {
      const services = { db: database.db, apiCache: cache.apiCache };
      const result = await importMoviesCsv(services, systemActor("cli:import-movies"), {
        csv,
        fileName: path.basename(file),
      });
      for (const problem of result.problems)
        io.err(problem.line > 0 ? `line ${problem.line}: ${problem.message}` : problem.message);
      if (result.problems.some((problem) => problem.line === 0)) return EXIT.failed;
      io.out(
        `Imported ${path.basename(file)}: ${result.inserted} inserted, ${result.updated} updated, ` +
          `${result.unchanged} unchanged, ${result.skipped} skipped.`,
      );
      return EXIT.ok;
    } finally {
      await cache.close();
      await database.close();
    }
  },
};
