// The CLI works on the same database as the server: DATABASE_URL when set, else the embedded one in
// DATA_DIR (default ./.data), migrated first so a fresh checkout works.
import path from "node:path";
import { z } from "zod";
import { type DatabaseHandle, openDatabase } from "../db/client.ts";
import { CliUsageError } from "./command.ts";

const settingsSchema = z.object({
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^postgres(?:ql)?:\/\//, "DATABASE_URL must start with postgres:// or postgresql://")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  DATA_DIR: z.string().trim().min(1).default("./.data"),
});

/** DATABASE_URL (or none: the embedded database) and DATA_DIR, resolved against `cwd`. */
export function cliDatabaseSettings(
  env: NodeJS.ProcessEnv,
  cwd: string,
): { databaseUrl: string | undefined; dataDir: string } {
  const parsed = settingsSchema.safeParse({
    DATABASE_URL: env.DATABASE_URL,
    DATA_DIR: env.DATA_DIR || undefined,
  });
  if (!parsed.success) throw new CliUsageError(parsed.error.issues.map((issue) => issue.message).join("; "));
  return { databaseUrl: parsed.data.DATABASE_URL, dataDir: path.resolve(cwd, parsed.data.DATA_DIR) };
}

export async function openCliDatabase(env: NodeJS.ProcessEnv, cwd: string): Promise<DatabaseHandle> {
  const settings = cliDatabaseSettings(env, cwd);
  const database = await openDatabase({
    databaseUrl: settings.databaseUrl,
    dataDir: path.join(settings.dataDir, "db"),
  });
  await database.migrate();
  return database;
}
