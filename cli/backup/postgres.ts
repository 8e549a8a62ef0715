// Backup and restore of a PostgreSQL database (DATABASE_URL) with PostgreSQL's own tools: `pg_dump
// --format=custom` and `pg_restore --clean --if-exists --no-owner --no-acl --single-transaction
// --exit-on-error` (all or nothing). They come from PATH, else the newest /usr/lib/postgresql/<n>/bin;
// pg_dump must be of the server's major version or newer. The password goes through PGPASSWORD, never
// the command line (which other users can read in the process list).
import { spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { publicTablesWithRows } from "./database-rows.ts";

const DEBIAN_POSTGRESQL = "/usr/lib/postgresql";

export const PG_DUMP_ARGS = ["--format=custom"] as const;
export const PG_RESTORE_ARGS = [
  "--clean",
  "--if-exists",
  "--no-owner",
  "--no-acl",
  "--single-transaction",
  "--exit-on-error",
] as const;

/** The tool's path: on PATH, else in the newest /usr/lib/postgresql/<version>/bin. */
export function findPostgresTool(name: "pg_dump" | "pg_restore", env: NodeJS.ProcessEnv): string {
  for (const directory of (env.PATH ?? "").split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(directory, name);
    if (existsSync(candidate)) return candidate;
  }
  const versions = existsSync(DEBIAN_POSTGRESQL)
    ? readdirSync(DEBIAN_POSTGRESQL)
        .filter((version) => /^\d+$/.test(version))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  for (const version of versions) {
    const candidate = path.join(DEBIAN_POSTGRESQL, version, "bin", name);
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(
    `${name} was not found on PATH or in ${DEBIAN_POSTGRESQL}/*/bin: install PostgreSQL's client tools ` +
      "(of the server's major version or newer)",
  );
}

/** The URL without its password, and the environment that carries the password instead. */
function connection(url: string, env: NodeJS.ProcessEnv) {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return {
    dbname: parsed.toString(),
    env: { ...env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

async function runTool(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  const stderr: string[] = [];
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ["ignore", "ignore", "pipe"] });
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk: string) => stderr.push(chunk));
    child.once("error", reject);
    child.once("close", resolve);
  });
  if (code !== 0) {
    const message = stderr.join("").trim().split("\n").slice(-5).join("\n");
    throw new Error(`${path.basename(tool)} failed (exit code ${code}):\n${message}`);
  }
}

export async function dumpPostgresDatabase(url: string, file: string, env: NodeJS.ProcessEnv): Promise<void> {
  const target = connection(url, env);
  await runTool(
    findPostgresTool("pg_dump", env),
    [...PG_DUMP_ARGS, `--file=${file}`, `--dbname=${target.dbname}`],
    target.env,
  );
}

/** The public tables of the database at `url` that hold rows (none: empty or freshly migrated). */
export async function postgresTablesWithRows(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await publicTablesWithRows((sql) => client.query(sql));
  } finally {
    await client.end();
  }
}

export async function restorePostgresDatabase(
  url: string,
  file: string,
  env: NodeJS.ProcessEnv,
): Promise<void> {
  const target = connection(url, env);
  await runTool(
    findPostgresTool("pg_restore", env),
    [...PG_RESTORE_ARGS, `--dbname=${target.dbname}`, file],
    target.env,
  );
}
