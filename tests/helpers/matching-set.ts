// The labelled matching set (tests/data/matching/): reading titles.csv and scoring predictions against
// it. Used by core/matching/labelled-set.test.ts and bench/matching.ts.
import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { readMatchHints } from "../../core/matching/read-match-hints.ts";
import type { MatchHints } from "../../db/schema/ingest.ts";

export const MATCHING_SET_DIR = path.resolve(import.meta.dirname, "../data/matching");
export const MATCHING_CATALOGUE = path.join(MATCHING_SET_DIR, "catalogue.csv");
export const MATCHING_TITLES = path.join(MATCHING_SET_DIR, "titles.csv");

export type LabelledTitle = { feedTitle: string; source: string; expectedKey: string; hints: MatchHints };

export function readLabelledTitles(file = MATCHING_TITLES): LabelledTitle[] {
  const rows = parse(readFileSync(file, "utf8"), { columns: true, bom: true }) as Record<string, string>[];
  return rows.map((row) => ({
    feedTitle: row.feed_title!,
    source: row.source!,
    expectedKey: row.expected_key ?? "",
    hints: readMatchHints(row),
  }));
}

/** One title's outcome, in movie ids: the expected movie (null: none), the linked one, the top three. */
export type Outcome = { title: string; expected: string | null; linked: string | null; top3: string[] };

export type MatchingFigures = {
  titles: number;
  linked: number;
  correctLinks: number;
  expectedMovies: number;
  /** correct links ÷ links */
  precision: number;
  /** correct links ÷ titles with an expected movie */
  recall: number;
  /** titles with an expected movie that were not linked */
  unlinkedWithMovie: number;
  /** of those, the share whose expected movie is among the top three candidates */
  top3Rate: number;
  wrong: Outcome[];
  missedTop3: Outcome[];
};

export function scoreOutcomes(outcomes: Outcome[]): MatchingFigures {
  const linked = outcomes.filter((o) => o.linked);
  const correct = linked.filter((o) => o.linked === o.expected);
  const withMovie = outcomes.filter((o) => o.expected);
  const unlinked = withMovie.filter((o) => !o.linked);
  const inTop3 = unlinked.filter((o) => o.top3.includes(o.expected!));
  return {
    titles: outcomes.length,
    linked: linked.length,
    correctLinks: correct.length,
    expectedMovies: withMovie.length,
    precision: linked.length === 0 ? 1 : correct.length / linked.length,
    recall: withMovie.length === 0 ? 1 : correct.length / withMovie.length,
    unlinkedWithMovie: unlinked.length,
    top3Rate: unlinked.length === 0 ? 1 : inTop3.length / unlinked.length,
    wrong: linked.filter((o) => o.linked !== o.expected),
    missedTop3: unlinked.filter((o) => !o.top3.includes(o.expected!)),
  };
}

export function describeFigures(label: string, f: MatchingFigures): string {
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  return (
    `${label}: ${f.titles} titles, ${f.linked} linked (${f.correctLinks} correct); precision ${pct(f.precision)}, ` +
    `recall ${pct(f.recall)} of ${f.expectedMovies}; top-3 of the ${f.unlinkedWithMovie} not linked ${pct(f.top3Rate)}`
  );
}
