// The report of part `matching` (f) of `npm run bench` (measured by bench/matching.ts): the matcher's
// figures beside the naive exact-title matcher's, as ratios, and the targets.
import type { MatchingBench } from "./matching.ts";
import { formatCount, renderTable } from "./stats.ts";

/** Part (f): the matcher's figures beside the naive exact-title matcher's, as ratios. */
export function matchingReport(m: MatchingBench): string[] {
  const pctText = (x: number) => `${(100 * x).toFixed(1)}%`;
  const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}×` : "–");
  const lines = [
    `(f) Movie matching — the labelled set (${formatCount(m.titles)} feed titles, ${formatCount(m.movies)} catalogue movies) through the CLI on a fresh embedded database: import-movies ${m.importSeconds.toFixed(1)} s, match-titles ${m.commandSeconds.toFixed(1)} s; baseline: exact normalized title only`,
  ];
  lines.push(
    renderTable(
      ["", "links", "precision", "recall", "top-3 of the unlinked"],
      [
        [
          "matcher",
          String(m.matcher.linked),
          pctText(m.matcher.precision),
          pctText(m.matcher.recall),
          pctText(m.matcher.top3Rate),
        ],
        [
          "baseline",
          String(m.baseline.linked),
          pctText(m.baseline.precision),
          pctText(m.baseline.recall),
          pctText(m.baseline.top3Rate),
        ],
        [
          "matcher ÷ baseline",
          "",
          ratio(m.matcher.precision, m.baseline.precision),
          ratio(m.matcher.recall, m.baseline.recall),
          ratio(m.matcher.top3Rate, m.baseline.top3Rate),
        ],
      ],
    ),
  );
  lines.push(
    `    matching alone: ${m.titlesPerSecond.toFixed(1)} titles/s; targets: precision ≥ 99% (${m.matcher.precision >= 0.99 ? "met" : "NOT met"}), recall ≥ 90% (${m.matcher.recall >= 0.9 ? "met" : "NOT met"}), top-3 ≥ 95% (${m.matcher.top3Rate >= 0.95 ? "met" : "NOT met"})`,
  );
  return lines;
}
