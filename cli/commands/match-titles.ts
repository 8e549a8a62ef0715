// npm run cli -- match-titles --file titles.csv [--out matches.csv]: a dry run of movie matching
// (core/matching/create-movie-matcher.ts) over feed titles. Reads only: nothing is linked,
// no missing link is recorded.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { movieKeysByIds } from "../../core/catalog/movies/find-movies-by-keys.ts";
import { createMovieMatcher } from "../../core/matching/create-movie-matcher.ts";
import { readMatchHints } from "../../core/matching/read-match-hints.ts";
import type { MatchHints } from "../../db/schema/ingest.ts";
import { type CliCommand, EXIT } from "../command.ts";
import { openCliDatabase } from "../database.ts";
import { readOptions, requireOption } from "../options.ts";

const OUTPUT_COLUMNS = ["feed_title", "source", "predicted_key", "top3"];

function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export const matchTitlesCommand: CliCommand = {
  name: "match-titles",
  summary: "Dry-run movie matching over feed titles from a CSV file",
  help: [
    "Usage: npm run cli -- match-titles --file <titles.csv> [--out <matches.csv>]",
    "",
    "Matches each feed title against the catalogue as an import would, and changes nothing.",
    "Input columns: feed_title, source, and optional hints year, release_date (YYYY-MM-DD: its year",
    "counts when year is empty), runtime_minutes, language, imdb_id, tmdb_id. A film more than a year",
    "from the feed's year never links by its title. Output columns: feed_title, source, predicted_key",
    "(empty when the title would not link by itself), top3 (up to three candidate movie keys, best",
    "first, joined by |).",
    "",
    "Options:",
    "  --file <path>  the CSV file of titles (UTF-8, header row)",
    "  --out <path>   where to write the result (default: standard output)",
    "",
    "Example: npm run cli -- match-titles --file tests/data/matching/titles.csv --out /tmp/matches.csv",
  ].join("\n"),
  async run(args, io) {
    const options = readOptions(args, ["file", "out"] as const);
    const file = path.resolve(io.cwd, requireOption(options.file, "file"));
    let rows: { record: Record<string, string>; info: { lines: number } }[];
    try {
      rows = parse(await readFile(file, "utf8"), {
        bom: true,
        columns: (header: string[]) => header.map((name) => name.trim().toLowerCase()),
        info: true,
        relax_column_count: true,
        skip_empty_lines: true,
      }) as unknown as { record: Record<string, string>; info: { lines: number } }[];
    } catch (error) {
      io.err(`Cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
      return EXIT.failed;
    }
    if (rows.length > 0 && !("feed_title" in rows[0]!.record)) {
      io.err(`${file} has no "feed_title" column`);
      return EXIT.failed;
    }
    const database = await openCliDatabase(io.env, io.cwd);
    try {
      const matcher = createMovieMatcher(database.db);
      const results: { title: string; source: string; linked: string | null; top3: string[] }[] = [];
      let skipped = 0;
      const started = performance.now();
      for (const { record, info } of rows) {
        const title = (record.feed_title ?? "").trim();
        let hints: MatchHints;
        try {
          if (!title) throw new Error("feed_title is empty");
          hints = readMatchHints(record);
        } catch (error) {
          io.err(`line ${info.lines}: ${error instanceof Error ? error.message : String(error)}`);
          skipped++;
          continue;
        }
        const result = await matcher.match(title, hints);
        results.push({
          title,
          source: (record.source ?? "").trim(),
          linked: result.movieId,
          top3: result.candidates.slice(0, 3).map((candidate) => candidate.movieId),
        });
        io.progress(`${results.length + skipped}/${rows.length} titles`);
      }
      const seconds = (performance.now() - started) / 1000;
      const keys = await movieKeysByIds(
        database.db,
        results.flatMap((r) => [...(r.linked ? [r.linked] : []), ...r.top3]),
      );
      const key = (id: string) => keys.get(id) ?? id;
      const lines = [
        OUTPUT_COLUMNS.join(","),
        ...results.map((r) =>
          [r.title, r.source, r.linked ? key(r.linked) : "", r.top3.map(key).join("|")]
            .map(csvCell)
            .join(","),
        ),
      ];
      if (options.out) await writeFile(path.resolve(io.cwd, options.out), `${lines.join("\n")}\n`);
      else for (const line of lines) io.out(line);
      const linked = results.filter((r) => r.linked).length;
      io.err(
        `Matched ${results.length} titles in ${seconds.toFixed(1)} s: ${linked} would link, ` +
          `${results.length - linked} would become missing links${skipped ? `, ${skipped} skipped` : ""}.`,
      );
      return EXIT.ok;
    } finally {
      await database.close();
    }
  },
};
