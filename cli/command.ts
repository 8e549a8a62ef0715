// What every `npm run cli -- <command>` is: a name, a one-line summary, its help text, and a run that
// returns the exit code. Commands print through `io` so tests can read what an operator would see.

export type CliIo = {
  out: (line: string) => void;
  err: (line: string) => void;
  /** progress on a terminal only: "\r"-rewritten, never in logs or pipes */
  progress: (line: string) => void;
  /** the working directory relative paths are read from */
  cwd: string;
  env: NodeJS.ProcessEnv;
};

export type CliCommand = {
  name: string;
  summary: string;
  /** the full `--help` text: usage line, options, an example */
  help: string;
  run: (args: string[], io: CliIo) => Promise<number>;
};

/** A mistake in how the command was called: printed with a pointer to --help, exit code 2. */
export class CliUsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CliUsageError";
  }
}

export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;
