// Builds the labelled matching set in tests/data/matching/ (see its README.md) from the CC0 Wikidata
// files in ../shared/data/movies/ and titles written by hand here. Deterministic: the same inputs give
// the same files. Run: node scripts/build-matching-set.ts
import { writeFileSync } from "node:fs";
import path from "node:path";
import { IMPORT_MOVIES_COLUMNS } from "../core/catalog/movies/import-movies-csv.ts";
import { generatedTitles } from "./matching-set/generated-titles.ts";
import { HAND } from "./matching-set/hand-written-titles.ts";
import { buildCatalogue } from "./matching-set/matching-catalogue.ts";

const out = path.resolve(import.meta.dirname, "../tests/data/matching");

function csvCell(value: string | number | undefined): string {
  const text = value === undefined ? "" : String(value);
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function writeCsv(
  file: string,
  columns: readonly string[],
  rows: Record<string, string | number | undefined>[],
) {
  const lines = [columns.join(","), ...rows.map((row) => columns.map((c) => csvCell(row[c])).join(","))];
  writeFileSync(path.join(out, file), `${lines.join("\n")}\n`);
}

const catalogue = buildCatalogue();
const keys = new Set(catalogue.map((m) => m.key));
const titles = [...HAND, ...generatedTitles(catalogue)];
const unknown = titles.filter((row) => row.expected_key && !keys.has(row.expected_key));
if (unknown.length > 0) {
  throw new Error(
    `expected keys missing from the catalogue: ${unknown.map((r) => `${r.feed_title} → ${r.expected_key}`).join("; ")}`,
  );
}
writeCsv("catalogue.csv", IMPORT_MOVIES_COLUMNS, catalogue);
writeCsv(
  "titles.csv",
  [
    "feed_title",
    "source",
    "expected_key",
    "year",
    "release_date",
    "runtime_minutes",
    "language",
    "imdb_id",
    "tmdb_id",
  ],
  titles,
);
process.stdout.write(`catalogue.csv: ${catalogue.length} movies; titles.csv: ${titles.length} titles\n`);
