// Part (f) of `npm run bench`: movie matching measured as an operator would run it — the labelled
// catalogue loaded with `import-movies` into a fresh embedded database, every labelled title matched
// with `match-titles` (both through runCli, the CLI's own entry point), and the output scored against
// the labels (tests/data/matching/). Beside it, the baseline: the naive matcher that links a title
// when its normalized form equals a catalogue title's (the first such movie), nothing more.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { parse } from "csv-parse/sync";
import type { CliIo } from "../cli/command.ts";
import { runCli } from "../cli/main.ts";
import { findMoviesByKeys } from "../core/catalog/movies/find-movies-by-keys.ts";
import { normalizeFeedTitle } from "../core/catalog/movies/normalize-feed-title.ts";
import { openPglite } from "../db/client.ts";
import {
  MATCHING_CATALOGUE,
  MATCHING_TITLES,
  type MatchingFigures,
  type Outcome,
  readLabelledTitles,
  scoreOutcomes,
} from "../tests/helpers/matching-set.ts";

export type MatchingBench = {
  movies: number;
  titles: number;
  importSeconds: number;
  /** match-titles from start to exit (database opened, every title matched, CSV written) */
  commandSeconds: number;
  /** titles per second of matching alone, as the command reports it */
  titlesPerSecond: number;
  matcher: MatchingFigures;
  baseline: MatchingFigures;
};

function captureIo(cwd: string, env: NodeJS.ProcessEnv) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { out: (l) => out.push(l), err: (l) => err.push(l), progress: () => {}, cwd, env };
  return { io, out, err };
}

async function cli(args: string[], cwd: string, env: NodeJS.ProcessEnv) {
  const run = captureIo(cwd, env);
  const started = performance.now();
  const code = await runCli(args, run.io);
  const seconds = (performance.now() - started) / 1000;
  if (code !== 0) throw new Error(`cli ${args[0]} exited ${code}: ${run.err.join("\n")}`);
  return { ...run, seconds };
}

export async function measureMatching(workDir: string, log: (line: string) => void): Promise<MatchingBench> {
  const env = { DATA_DIR: path.join(workDir, "matching-data"), SEED_DEMO: "false" };
  log("matching: import-movies of the labelled catalogue into a fresh embedded database…");
  const load = await cli(["import-movies", "--file", MATCHING_CATALOGUE], workDir, env);
  log(`matching: ${load.out.join(" ")} (${load.seconds.toFixed(1)} s)`);
  const outFile = path.join(workDir, "matching-out.csv");
  log("matching: match-titles over the labelled titles…");
  const match = await cli(["match-titles", "--file", MATCHING_TITLES, "--out", outFile], workDir, env);
  const summary = match.err.at(-1) ?? "";
  log(`matching: ${summary}`);
  const reported = /^Matched (\d+) titles in ([\d.]+) s/.exec(summary);

  const labels = readLabelledTitles();
  const predicted = parse(await readFile(outFile, "utf8"), { columns: true }) as Record<string, string>[];
  if (predicted.length !== labels.length)
    throw new Error(`match-titles wrote ${predicted.length} rows for ${labels.length} titles`);
  const catalogue = parse(await readFile(MATCHING_CATALOGUE, "utf8"), { columns: true }) as Record<
    string,
    string
  >[];

  const handle = await openPglite({ dataDir: path.join(env.DATA_DIR, "db") });
  try {
    const keys = [
      ...labels.map((l) => l.expectedKey),
      ...predicted.flatMap((p) => [p.predicted_key!, ...p.top3!.split("|")]),
      ...catalogue.map((c) => c.key!),
    ].filter(Boolean);
    const ids = await findMoviesByKeys(handle.db, keys);
    const id = (key: string) => (key ? (ids.get(key) ?? `unknown:${key}`) : null);

    const matcher: Outcome[] = labels.map((label, i) => ({
      title: label.feedTitle,
      expected: id(label.expectedKey),
      linked: id(predicted[i]!.predicted_key!),
      top3: predicted[i]!.top3!.split("|")
        .filter(Boolean)
        .map((k) => id(k)!),
    }));

    // The naive matcher: normalized title → the catalogue movies with that exact normalized name.
    const byName = new Map<string, string[]>();
    for (const movie of catalogue) {
      const names = new Set(
        [movie.title, movie.original_title, movie.title_nl]
          .filter(Boolean)
          .map((n) => normalizeFeedTitle(n!)),
      );
      for (const name of names) byName.set(name, [...(byName.get(name) ?? []), id(movie.key!)!]);
    }
    const baseline: Outcome[] = labels.map((label) => {
      const found = byName.get(normalizeFeedTitle(label.feedTitle)) ?? [];
      return {
        title: label.feedTitle,
        expected: id(label.expectedKey),
        linked: found[0] ?? null,
        top3: found.slice(0, 3),
      };
    });

    const titles = reported ? Number(reported[1]) : labels.length;
    const matchSeconds = reported ? Number(reported[2]) : match.seconds;
    return {
      movies: catalogue.length,
      titles: labels.length,
      importSeconds: load.seconds,
      commandSeconds: match.seconds,
      titlesPerSecond: titles / Math.max(matchSeconds, 0.001),
      matcher: scoreOutcomes(matcher),
      baseline: scoreOutcomes(baseline),
    };
  } finally {
    await handle.close();
  }
}
