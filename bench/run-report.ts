// What `npm run bench` prints at the end (and saves beside its figures): the machine and the settings,
// then each part that ran, in the order (a) to (j).
import os from "node:os";
import { apiReport } from "./api-showtimes.ts";
import { type EdgeRound, edgeReport } from "./edge.ts";
import { type EngineResult, sizesReport } from "./engine-bench.ts";
import { type ImportFigures, importReport } from "./feed-import.ts";
import { type LighthousePage, lighthouseReport } from "./lighthouse.ts";
import { listingReport } from "./listing-query.ts";
import type { MatchingBench } from "./matching.ts";
import { matchingReport } from "./matching-report.ts";
import { pagesReport } from "./public-pages.ts";
import { LOAD_TEXT, ONLY } from "./run-settings.ts";
import { seconds } from "./side-by-side.ts";
import { tablesReport } from "./studio-tables-report.ts";
import { type UploadFigures, uploadsReport } from "./uploads.ts";
import { type WidgetFigures, widgetReport } from "./widget-first-showtimes.ts";

/** Everything one run measured (a part that did not run, or failed before its figures, is left out). */
export type BenchRun = {
  edge: EdgeRound[];
  results: EngineResult[];
  imports: ImportFigures[];
  matching?: MatchingBench;
  widget?: WidgetFigures;
  lighthouse?: LighthousePage[];
  uploads?: UploadFigures;
  /** a part failed: the run exits 1 and keeps its data */
  failed: boolean;
};

/** The machine, the parts and the load, as the first two lines of the report. */
function headerLines(totalMs: number): string[] {
  return [
    `Reeltime bench · ${new Date().toISOString()} · Node ${process.version} · ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? "?"}) · load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
    `Parts: ${[...ONLY].join(", ")} · load: ${LOAD_TEXT} · servers: production build, LOG_LEVEL info, output to a file. Whole run: ${seconds(totalMs)}.`,
  ];
}

/** Each part that has figures, in order; the engines' parts only when the part was asked for. */
function partSections(run: BenchRun): string[][] {
  const { edge, results } = run;
  const sections: (string[] | false | undefined)[] = [
    edge.length > 0 && edgeReport(edge),
    results.length > 0 && sizesReport(results),
    ONLY.has("listing") && results.length > 0 && listingReport(results),
    ONLY.has("pages") && results.length > 0 && pagesReport(results),
    ONLY.has("api") && results.length > 0 && apiReport(results),
    ONLY.has("tables") && results.some((r) => r.tables) && tablesReport(results),
    run.matching && matchingReport(run.matching),
    run.imports.length > 0 && importReport(run.imports),
    run.widget && widgetReport(run.widget),
    run.lighthouse && lighthouseReport(run.lighthouse),
    run.uploads && [uploadsReport(run.uploads)],
  ];
  return sections.filter((section): section is string[] => Array.isArray(section));
}

export function report(run: BenchRun, totalMs: number): string {
  const lines = ["", ...headerLines(totalMs)];
  for (const section of partSections(run)) lines.push("", ...section);
  for (const r of run.results)
    if (r.error) lines.push(`${r.engine} FAILED (figures above are partial): ${r.error}`);
  lines.push("");
  return lines.join("\n");
}
