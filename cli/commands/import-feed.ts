// npm run cli -- import-feed --format F --file PATH [--cinema ID|--chain ID] [--complete]
// The same run as the studio's "run now", on a file: the file's source is found (or created once) by format,
// file and cinema or chain, so running the same file again updates the same showtimes. Prints the counts and
// every problem; exit 1 when the run failed.
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { findOrCreateFileSource, FILE_FORMATS, type FileFormatName } from "../../core/ingest/file-source.ts";
import { describeProblem } from "../../core/ingest/describe-problem.ts";
import { runImport } from "../../core/ingest/run-import.ts";
import { cliIngestServices } from "../ingest-services.ts";
import { type CliCommand, type CliIo, CliUsageError, EXIT } from "../command.ts";
import { openCliDatabase } from "../database.ts";

const MAX_FILE_BYTES = 512 * 1024 * 1024;

const help = `Usage: npm run cli -- import-feed --format <format> --file <path> [--cinema <id|slug> | --chain <id|slug>] [--complete]

Imports a feed file exactly as a scheduled run would: parse, map cinemas, times in the cinema's time zone,
match movies, upsert showtimes, and list every skipped row.

Options:
  --format     ${Object.keys(FILE_FORMATS).join(" | ")}
  --file       the feed file (JSON, CSV, XML or an HTML page with JSON-LD)
  --cinema     every showtime belongs to this cinema (id or slug)
  --chain      the feed covers this chain's cinemas, mapped by site id or name (id or slug)
               (neither: cinemas are found by site id or exact name among all open cinemas)
  --complete   the file lists every showtime from its first on: showtimes it no longer lists are cancelled

Example:
  npm run cli -- import-feed --format veezi-json --file sessions.json --cinema kriterion --complete`;

function options(args: string[]) {
  try {
    return parseArgs({
      args,
      options: {
        format: { type: "string" },
        file: { type: "string" },
        cinema: { type: "string" },
        chain: { type: "string" },
        complete: { type: "boolean", default: false },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    throw new CliUsageError(error instanceof Error ? error.message : String(error));
  }
}

async function run(args: string[], io: CliIo): Promise<number> {
  const values = options(args);
  if (!values.format || !(values.format in FILE_FORMATS)) {
    throw new CliUsageError(`--format must be one of ${Object.keys(FILE_FORMATS).join(", ")}`);
  }
  if (!values.file) throw new CliUsageError("--file is required");
  if (values.cinema && values.chain) throw new CliUsageError("give --cinema or --chain, not both");
  const file = path.resolve(io.cwd, values.file);
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) throw new CliUsageError(`no such file: ${values.file}`);
  if (info.size > MAX_FILE_BYTES)
    throw new CliUsageError(`the file is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB`);
  const input = await readFile(file, "utf8");

  const database = await openCliDatabase(io.env, io.cwd);
  const services = await cliIngestServices(database, io.env);
  try {
    const source = await findOrCreateFileSource(database.db, {
      format: values.format as FileFormatName,
      file,
      cinema: values.cinema,
      chain: values.chain,
      complete: values.complete,
    });
    io.progress(`importing ${path.basename(file)}…`);
    const result = await runImport(services, {
      sourceId: source.id,
      input,
      complete: values.complete,
      trigger: "cli",
    });
    io.progress("");
    const { counts } = result;
    io.out(`Source: ${source.name} (${source.id})`);
    io.out(`Run ${result.runId}: ${result.status}`);
    io.out(
      `read ${counts.read}, inserted ${counts.inserted}, updated ${counts.updated}, cancelled ${counts.cancelled}, ` +
        `unmatched ${counts.unmatched}, rejected ${counts.rejected}`,
    );
    if (result.problemCount > 0) {
      io.out(`Problems (${result.problemCount}):`);
      for (const problem of result.problems) io.out(`  ${describeProblem(problem)}`);
      if (result.problemCount > result.problems.length) {
        io.out(`  … and ${result.problemCount - result.problems.length} more`);
      }
    }
    return result.status === "failed" ? EXIT.failed : EXIT.ok;
  } finally {
    await services.close();
    await database.close();
  }
}

export const importFeedCommand: CliCommand = {
  name: "import-feed",
  summary: "import a feed file (native JSON/CSV, schema.org, Veezi, Vista) as a run",
  help,
  run,
};
