// npm run cli -- <command> [options]: operators' tools over core (ARCHITECTURE §3). `--help` lists the
// commands; `<command> --help` explains one. Exit codes: 0 done, 1 failed, 2 called wrongly.
import { pathToFileURL } from "node:url";
import { type CliCommand, type CliIo, CliUsageError, EXIT } from "./command.ts";
import { backupCommand } from "./commands/backup.ts";
import { importFeedCommand } from "./commands/import-feed.ts";
import { importMoviesCommand } from "./commands/import-movies.ts";
import { matchTitlesCommand } from "./commands/match-titles.ts";
import { restoreCommand } from "./commands/restore.ts";

/** Every command; add new ones here. */
export const COMMANDS: readonly CliCommand[] = [
  backupCommand,
  importFeedCommand,
  importMoviesCommand,
  matchTitlesCommand,
  restoreCommand,
];

function overview(): string {
  const width = Math.max(0, ...COMMANDS.map((command) => command.name.length));
  return [
    "Usage: npm run cli -- <command> [options]",
    "",
    "Commands:",
    ...COMMANDS.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`),
    "",
    "Run `npm run cli -- <command> --help` for a command's options.",
    "The database is DATABASE_URL when set, else the embedded one in DATA_DIR (./.data).",
  ].join("\n");
}

export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    io.out(overview());
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  const command = COMMANDS.find((candidate) => candidate.name === name);
  if (!command) {
    io.err(`Unknown command "${name}".`);
    io.err(overview());
    return EXIT.usage;
  }
  if (args.includes("--help") || args.includes("-h")) {
    io.out(command.help);
    return EXIT.ok;
  }
  try {
    return await command.run(args, io);
  } catch (error) {
    if (error instanceof CliUsageError) {
      io.err(`${command.name}: ${error.message}`);
      io.err(`Run \`npm run cli -- ${command.name} --help\` for its options.`);
      return EXIT.usage;
    }
    io.err(`${command.name} failed: ${error instanceof Error ? error.message : String(error)}`);
    return EXIT.failed;
  }
}

function processIo(): CliIo {
  const tty = Boolean(process.stderr.isTTY);
  return {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    progress: (line) => {
      if (tty) process.stderr.write(`\r\u001b[2K${line}`);
    },
    cwd: process.cwd(),
    env: process.env,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  process.exitCode = await runCli(process.argv.slice(2), processIo());
}
