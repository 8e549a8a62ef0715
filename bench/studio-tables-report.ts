// The report of part `tables` (e) of `npm run bench` (measured by bench/studio-tables.ts): each case's
// p95 beside the plainest page of its table, and the target.
import type { DatabaseHandle } from "../db/client.ts";
import { BIG, ITERATIONS, MOVIES_TARGET, TARGETS } from "./run-settings.ts";
import { formatCount, formatMs, formatRatio, renderTable } from "./stats.ts";
import type { TableFigures } from "./studio-tables.ts";

/** Part (e): each case's p95 beside the plainest page of its table, and the target. */
export function tablesReport(results: { engine: DatabaseHandle["kind"]; tables?: TableFigures }[]): string[] {
  const lines = [
    `(e) Studio tables — the loaders' list functions at ${BIG} showtimes and ${formatCount(MOVIES_TARGET)} movies, ${ITERATIONS} calls each; baseline: the plainest page of the same table (one index range, LIMIT 50, no joins, no count)`,
  ];
  for (const r of results) {
    if (!r.tables) continue;
    const target = TARGETS.tableP95Ms[r.engine];
    const rows = r.tables.cases.map((c) => {
      const base = r.tables!.baseline[c.table];
      return [
        `${c.table} · ${c.label}`,
        String(c.rows),
        formatMs(c.p50),
        formatMs(c.p95),
        formatMs(base.p95),
        formatRatio(c.p95, base.p95),
        c.p95 < target ? `< ${target} ms: met` : `< ${target} ms: NOT MET`,
      ];
    });
    lines.push(`  ${r.engine}`);
    lines.push(renderTable(["case", "rows", "p50", "p95", "baseline p95", "÷ baseline", "target"], rows));
    const worst = Math.max(...r.tables.cases.map((c) => c.p95));
    lines.push(`  ${r.engine}: slowest p95 ${formatMs(worst)} (target < ${target} ms)`);
  }
  return lines;
}
