// The operators' CLI: help, usage errors, and the movie commands in-process on an embedded database in
// a temporary DATA_DIR, plus one real `node cli/main.ts` process.
import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { afterAll, describe, expect, it } from "vitest";
import { ensureCountry } from "../core/catalog/catalog-test-helpers.ts";
import { openPglite } from "../db/client.ts";
import { cinemas } from "../db/schema/catalog.ts";
import type { CliIo } from "./command.ts";
import { runCli } from "./main.ts";

const root = path.resolve(import.meta.dirname, "..");
/** A process on a loaded machine (migrations on a fresh PGlite) can be slow: a generous budget. */
const PROCESS_BUDGET_MS = 150_000;
const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

async function tempDir() {
  const dir = await mkdtemp(path.join(tmpdir(), "reeltime-cli-"));
  dirs.push(dir);
  return dir;
}

function captured(cwd: string, env: NodeJS.ProcessEnv = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    progress: () => {},
    cwd,
    env: { SEED_DEMO: "false", ...env },
  };
  return { io, out, err };
}

const CATALOGUE = [
  "key,title,original_title,year,runtime_minutes,original_language,imdb_id,tmdb_id,wikidata_id,title_nl",
  "tt15239678,Dune: Part Two,,2024,166,en,,,,",
  "tt0055824,Cape Fear,,1962,106,en,,,,",
  "tt0101540,Cape Fear,,1991,128,en,,,,",
  "de-wilde-stad,De wilde stad,,2018,82,nl,,,,",
  "tt22022452,Inside Out 2,,2024,96,en,,,,Binnenstebuiten 2",
  "bad,row,,in the year 2000,,,,,,",
].join("\n");

const TITLES = [
  "feed_title,source,year,runtime_minutes",
  '"Dune 2 (OV), IMAX",pathe,,',
  "Cape Fear,eye,1991,",
  "Cape Fear,eye,,",
  "Binnenstebuiten 2 (NL),vue,,",
  "Sneak Preview,pathe,,",
  "De wilde stad,lab111,,",
].join("\n");

describe("npm run cli", () => {
  it("lists its commands, and refuses what it does not know with exit code 2", async () => {
    const help = captured(root);
    expect(await runCli(["--help"], help.io)).toBe(0);
    expect(help.out.join("\n")).toMatch(/import-movies\s+Load or update catalogue movies/);
    expect(help.out.join("\n")).toMatch(/match-titles\s+Dry-run movie matching/);

    const commandHelp = captured(root);
    expect(await runCli(["match-titles", "--help"], commandHelp.io)).toBe(0);
    expect(commandHelp.out.join("\n")).toMatch(/--out <path>/);

    const unknown = captured(root);
    expect(await runCli(["import-everything"], unknown.io)).toBe(2);
    expect(unknown.err[0]).toBe('Unknown command "import-everything".');

    for (const name of ["import-movies", "match-titles"]) {
      const missing = captured(root);
      expect(await runCli([name], missing.io)).toBe(2);
      expect(missing.err[0]).toBe(`${name}: --file is required`);
      const wrong = captured(root);
      expect(await runCli([name, "--file", "x.csv", "--force"], wrong.io)).toBe(2);
      expect(wrong.err[0]).toMatch(/Unknown option '--force'/);
    }
    const dir = await tempDir();
    await writeFile(path.join(dir, "titles.csv"), "title,source\nDune,pathe\n");
    const noColumn = captured(dir);
    expect(await runCli(["match-titles", "--file", "titles.csv"], noColumn.io)).toBe(1);
    expect(noColumn.err[0]).toMatch(/has no "feed_title" column/);
    const absent = captured(root);
    expect(await runCli(["import-movies", "--file", "/nonexistent/movies.csv"], absent.io)).toBe(1);
    expect(absent.err[0]).toMatch(/Cannot read/);
  });

  it(
    "imports movies, reporting the bad line, then dry-runs matching into a file",
    { timeout: PROCESS_BUDGET_MS },
    async () => {
      const dir = await tempDir();
      await writeFile(path.join(dir, "movies.csv"), CATALOGUE);
      await writeFile(path.join(dir, "titles.csv"), TITLES);
      const env = { DATA_DIR: path.join(dir, "data") };

      const load = captured(dir, env);
      expect(await runCli(["import-movies", "--file", "movies.csv"], load.io)).toBe(0);
      expect(load.err).toEqual(['line 7: year "in the year 2000" is not a whole number from 1870 to 2100']);
      expect(load.out).toEqual(["Imported movies.csv: 5 inserted, 0 updated, 0 unchanged, 1 skipped."]);

      const match = captured(dir, env);
      expect(await runCli(["match-titles", "--file", "titles.csv", "--out", "matches.csv"], match.io)).toBe(
        0,
      );
      expect(match.out).toEqual([]);
      expect(match.err.at(-1)).toMatch(
        /^Matched 6 titles in [\d.]+ s: 4 would link, 2 would become missing links\.$/,
      );
      const rows = parse(await readFile(path.join(dir, "matches.csv"), "utf8"), { columns: true }) as Record<
        string,
        string
      >[];
      expect(rows.map((r) => [r.feed_title, r.predicted_key])).toEqual([
        ["Dune 2 (OV), IMAX", "tt15239678"],
        ["Cape Fear", "tt0101540"],
        ["Cape Fear", ""],
        ["Binnenstebuiten 2 (NL)", "tt22022452"],
        ["Sneak Preview", ""],
        ["De wilde stad", expect.stringMatching(/^[0-9a-f-]{36}$/)],
      ]);
      expect(rows[2]!.top3!.split("|").sort()).toEqual(["tt0055824", "tt0101540"]);
      expect(rows[4]!.top3).toBe("");
    },
  );

  it(
    "imports a feed file as a run: counts, the skipped row in English, nothing new the second time",
    { timeout: PROCESS_BUDGET_MS },
    async () => {
      const dir = await tempDir();
      const env = { DATA_DIR: path.join(dir, "data") };
      await writeFile(path.join(dir, "movies.csv"), CATALOGUE);
      expect(await runCli(["import-movies", "--file", "movies.csv"], captured(dir, env).io)).toBe(0);
      // A cinema to import into (the CLI has no command for cinemas: the studio makes them).
      const handle = await openPglite({ dataDir: path.join(dir, "data", "db") });
      await ensureCountry(handle.db, "NL", "Netherlands");
      await handle.db.insert(cinemas).values({
        name: "Kriterion",
        slug: "kriterion",
        city: "Amsterdam",
        countryCode: "NL",
        timeZone: "Europe/Amsterdam",
      });
      await handle.close();
      await writeFile(
        path.join(dir, "feed.csv"),
        [
          "id,title,starts_at,attributes",
          "k1,Dune: Part Two (OV),2030-04-01T19:00,",
          "k2,Dune: Part Two,2030-04-31T19:00,",
          "k3,Cape Fear,2030-04-02T21:15,",
        ].join("\n"),
      );
      const args = [
        "import-feed",
        "--format",
        "native-csv",
        "--file",
        "feed.csv",
        "--cinema",
        "kriterion",
        "--complete",
      ];
      const first = captured(dir, env);
      expect(await runCli(args, first.io)).toBe(0);
      expect(first.out.slice(1)).toEqual([
        expect.stringMatching(/^Run [0-9a-f-]{36}: partial$/),
        "read 3, inserted 2, updated 0, cancelled 0, unmatched 1, rejected 1",
        "Problems (1):",
        expect.stringMatching(/^ {2}line 3 · starts_at: .*2030-04-31T19:00/),
      ]);
      const again = captured(dir, env);
      expect(await runCli(args, again.io)).toBe(0);
      expect(again.out).toContain("read 3, inserted 0, updated 0, cancelled 0, unmatched 1, rejected 1");

      const wrong = captured(dir, env);
      expect(await runCli([...args.slice(0, 5), "--cinema", "nowhere"], wrong.io)).toBe(1);
      expect(wrong.err.join("\n")).toMatch(/nowhere/);
      const usage = captured(dir, env);
      expect(await runCli(["import-feed", "--file", "feed.csv"], usage.io)).toBe(2);
      expect(usage.err[0]).toMatch(/--format must be one of/);
    },
  );

  it(
    "runs as a real process on an empty data directory",
    { timeout: PROCESS_BUDGET_MS + 30_000 },
    async () => {
      const dir = await tempDir();
      await writeFile(path.join(dir, "movies.csv"), CATALOGUE);
      const child = spawn(
        process.execPath,
        [path.join(root, "cli/main.ts"), "import-movies", "--file", "movies.csv"],
        {
          cwd: dir,
          env: {
            PATH: process.env.PATH ?? "",
            HOME: process.env.HOME ?? "",
            DATA_DIR: path.join(dir, "data"),
            SEED_DEMO: "false",
          },
          stdio: ["ignore", "pipe", "pipe"],
        },
      );
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
      child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
      const code = await new Promise<number | null>((resolve) => {
        const timer = setTimeout(() => child.kill("SIGKILL"), PROCESS_BUDGET_MS);
        child.on("exit", (exitCode) => {
          clearTimeout(timer);
          resolve(exitCode);
        });
      });
      expect({ code, stdout, stderr }).toEqual({
        code: 0,
        stdout: "Imported movies.csv: 5 inserted, 0 updated, 0 unchanged, 1 skipped.\n",
        stderr: 'line 7: year "in the year 2000" is not a whole number from 1870 to 2100\n',
      });
    },
  );
});
