// match-titles on new releases that share their title with an older film (issue 25): with the feed's
// year (or release date) none of them links to the old film, which stays the first candidate, while a
// film a year from the feed's year still links.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { afterAll, describe, expect, it } from "vitest";
import type { CliIo } from "../command.ts";
import { runCli } from "../main.ts";

/** A process on a loaded machine (migrations on a fresh PGlite) can be slow: a generous budget. */
const PROCESS_BUDGET_MS = 150_000;
let dir = "";
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

function captured(cwd: string) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    progress: () => {},
    cwd,
    env: { SEED_DEMO: "false", DATA_DIR: path.join(cwd, "data") },
  };
  return { io, out, err };
}

// The older namesakes as the labelled set's catalogue has them (tests/data/matching/catalogue.csv): two
// without a year, as the Wikidata crosswalk gives none.
const CATALOGUE = [
  "key,title,original_title,year,runtime_minutes,original_language,imdb_id,tmdb_id,wikidata_id,title_nl",
  "tt1600196,The Drop,,2014,106,,tt1600196,154400,Q13562077,",
  "tt8391044,Working Man,,2019,108,,tt8391044,580917,Q94244965,",
  "tt5580392,Amateur,,,,,tt5580392,515333,Q51879749,",
  "tt5638642,The Ritual,,,,,tt5638642,433808,Q42837930,",
  "tt4244998,Alpha,,2018,96,,tt4244998,399360,Q23899903,",
  "tt28607951,Anora,,2024,139,,tt28607951,,,",
].join("\n");

const NEW_RELEASES: [string, number][] = [
  ["Drop", 96],
  ["A Working Man", 116],
  ["The Amateur", 123],
  ["The Ritual", 98],
  ["Alpha", 128],
];
const OLD_FILMS = ["tt1600196", "tt8391044", "tt5580392", "tt5638642", "tt4244998"];

describe("match-titles on new releases", () => {
  it(
    "links none of the five to its older namesake, by year or by release date",
    { timeout: PROCESS_BUDGET_MS },
    async () => {
      dir = await mkdtemp(path.join(tmpdir(), "reeltime-match-"));
      await writeFile(path.join(dir, "movies.csv"), CATALOGUE);
      await writeFile(
        path.join(dir, "titles.csv"),
        [
          "feed_title,source,year,release_date,runtime_minutes",
          ...NEW_RELEASES.map(([title, runtime]) => `${title},pathe-nl,2025,,${runtime}`),
          ...NEW_RELEASES.map(([title, runtime]) => `${title},pathe-nl,,2025-04-10,${runtime}`),
          "Anora,pathe-nl,,2025-01-02,139",
        ].join("\n"),
      );
      const load = captured(dir);
      expect(await runCli(["import-movies", "--file", "movies.csv"], load.io)).toBe(0);
      expect(load.out).toEqual(["Imported movies.csv: 6 inserted, 0 updated, 0 unchanged, 0 skipped."]);

      const match = captured(dir);
      expect(await runCli(["match-titles", "--file", "titles.csv"], match.io)).toBe(0);
      expect(match.err.at(-1)).toMatch(
        /^Matched 11 titles in [\d.]+ s: 1 would link, 10 would become missing links\.$/,
      );
      const rows = parse(match.out.join("\n"), { columns: true }) as Record<string, string>[];
      const expected = [...OLD_FILMS, ...OLD_FILMS].map((key) => ["", key]);
      expect(rows.slice(0, 10).map((r) => [r.predicted_key, r.top3!.split("|")[0]])).toEqual(expected);
      expect(rows[10]).toMatchObject({ feed_title: "Anora", predicted_key: "tt28607951" });
    },
  );
});
