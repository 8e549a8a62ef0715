// Metered usage the database could not take at shutdown (it was down): kept in a file beside the data
// and written at the next start, instead of lost (issue 23). One file per shutdown, named by instance and
// time; a starting instance claims each file with an atomic rename, so two instances sharing DATA_DIR
// never both write the same batch. A batch keeps its id: the ledger's `usage-batch:<id>` reference makes
// writing it idempotent even if an earlier attempt did commit.
import { randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { isApiOperationId, type ApiOperationId } from "../api/operations.ts";

const SpilledRow = z.object({
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  clientId: z.string(),
  apiKeyId: z.string(),
  operation: z.string().transform((value, context): ApiOperationId => {
    if (isApiOperationId(value)) return value;
    context.addIssue({ code: "custom", message: `not an API operation: ${value}` });
    return z.NEVER;
  }),
  requests: z.number().int().nonnegative(),
  credits: z.number().int().nonnegative(),
  errors: z.number().int().nonnegative(),
});
const SpilledBatch = z.object({
  id: z.string(),
  clientId: z.string(),
  rows: z.array(SpilledRow),
  credits: z.number().int().nonnegative(),
  attempts: z.number().int().nonnegative(),
});
const SpillFile = z.object({ version: z.literal(1), batches: z.array(SpilledBatch) });
export type SpilledBatch = z.infer<typeof SpilledBatch>;

const SUFFIX = ".usage.json";

/** Writes the batches to a new file in `directory` (written aside, then renamed into place); returns its path. */
export async function spillUsage(directory: string, batches: readonly SpilledBatch[]): Promise<string> {
  await mkdir(directory, { recursive: true, mode: 0o700 });
  const file = path.join(directory, `${Date.now()}-${randomUUID()}${SUFFIX}`);
  const aside = `${file}.writing`;
  await writeFile(aside, JSON.stringify({ version: 1, batches }), { mode: 0o600 });
  await rename(aside, file);
  return file;
}

/**
 * Takes every spilled file in `directory` for this process and returns their batches; files it cannot
 * read are left (renamed `.unreadable`) for an operator, and named in `problems`.
 */
export async function claimSpilledUsage(
  directory: string,
): Promise<{ batches: SpilledBatch[]; files: number; problems: string[] }> {
  let names: string[];
  try {
    names = (await readdir(directory)).filter((name) => name.endsWith(SUFFIX));
  } catch {
    return { batches: [], files: 0, problems: [] };
  }
  const batches: SpilledBatch[] = [];
  const problems: string[] = [];
  let files = 0;
  for (const name of names) {
    const file = path.join(directory, name);
    const claimed = `${file}.${randomUUID()}.claimed`;
    try {
      await rename(file, claimed);
    } catch {
      continue; // another instance took it
    }
    try {
      const parsed = SpillFile.parse(JSON.parse(await readFile(claimed, "utf8")));
      batches.push(...parsed.batches);
      files += 1;
      await rm(claimed);
    } catch (error) {
      problems.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
      await rename(claimed, `${file}.unreadable`).catch(() => {});
    }
  }
  return { batches, files, problems };
}
