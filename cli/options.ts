// Reads a command's options (`--file x.csv`, `--out=y.csv`): unknown options and missing values are
// usage errors (exit code 2), never guesses.
import { parseArgs } from "node:util";
import { CliUsageError } from "./command.ts";

export function readOptions<const Names extends readonly string[]>(
  args: string[],
  names: Names,
): Partial<Record<Names[number], string>> {
  try {
    const { values } = parseArgs({
      args,
      options: Object.fromEntries(names.map((name) => [name, { type: "string" as const }])),
      strict: true,
      allowPositionals: false,
    });
    return values as Partial<Record<Names[number], string>>;
  } catch (error) {
    throw new CliUsageError(error instanceof Error ? error.message : String(error));
  }
}

export function requireOption(value: string | undefined, name: string): string {
  if (!value?.trim()) throw new CliUsageError(`--${name} is required`);
  return value;
}
