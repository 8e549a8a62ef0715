// Backup and restore of a PostgreSQL database (DATABASE_URL) with PostgreSQL's own tools. Backup:
// `pg_dump --format=custom`. Restore, all or nothing in one transaction: psql drops the schemas Reeltime
// owns (public, drizzle's, pg-boss's) and recreates public, then runs the dump as `pg_restore --no-owner
// --no-acl --file=-` writes it. (`pg_restore --clean` cannot replace pg-boss's partitioned tables: it
// tries to drop their partitions' inherited primary keys and fails.) The tools come from PATH, else the
// newest /usr/lib/postgresql/<n>/bin, and must be of the server's major version or newer. The password
// goes through PGPASSWORD, never the command line (other users can read the process list).
import { spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { publicTablesWithRows } from "./database-rows.ts";

const DEBIAN_POSTGRESQL = "/usr/lib/postgresql";

export const PG_DUMP_ARGS = ["--format=custom"] as const;
export const PG_RESTORE_ARGS = ["--no-owner", "--no-acl", "--file=-"] as const;
export const PSQL_ARGS = ["--no-psqlrc", "--quiet", "--single-transaction", "--set=ON_ERROR_STOP=1"] as const;
/** What a restore replaces: the schemas of our migrations and of pg-boss (core/jobs/job-queue.ts). */
export const REPLACE_SCHEMAS_SQL =
  "DROP SCHEMA IF EXISTS pgboss, drizzle, public CASCADE; CREATE SCHEMA public;";

type Tool = "pg_dump" | "pg_restore" | "psql";

/** The tool's path: on PATH, else in the newest /usr/lib/postgresql/<version>/bin. */
export function findPostgresTool(name: Tool, env: NodeJS.ProcessEnv): string {
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

type Run = { tool: string; args: string[]; stderr: string[]; code: Promise<number | null> };

function startTool(
  tool: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  stdin: "ignore" | "pipe",
): Run & {
  child: ReturnType<typeof spawn>;
} {
  const stderr: string[] = [];
  const child = spawn(tool, args, { env, stdio: [stdin, "pipe", "pipe"] });
  child.stderr!.setEncoding("utf8");
  child.stderr!.on("data", (chunk: string) => stderr.push(chunk));
  const code = new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", resolve);
  });
  return { tool, args, stderr, code, child };
}

async function check(run: Run): Promise<void> {
  const code = await run.code;
  if (code !== 0) {
    const message = run.stderr.join("").trim().split("\n").slice(-5).join("\n");
    throw new Error(`${path.basename(run.tool)} failed (exit code ${code}):\n${message}`);
  }
}

export async function dumpPostgresDatabase(url: string, file: string, env: NodeJS.ProcessEnv): Promise<void> {
  const target = connection(url, env);
  const dump = startTool(
    findPostgresTool("pg_dump", env),
    [...PG_DUMP_ARGS, `--file=${file}`, `--dbname=${target.dbname}`],
    target.env,
    "ignore",
  );
  dump.child.stdout!.resume();
  await check(dump);
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

/**
 * Replaces the database's schemas with the dump's in one transaction: `pg_restore … --file=- dump |
 * psql --single-transaction --set=ON_ERROR_STOP=1 --command=<drop and recreate> --file=-`. On any error
 * psql rolls back and the database is as it was.
 */
export async function restorePostgresDatabase(
  url: string,
  file: string,
  env: NodeJS.ProcessEnv,
): Promise<void> {
  const target = connection(url, env);
  const psql = startTool(
    findPostgresTool("psql", env),
    [...PSQL_ARGS, `--dbname=${target.dbname}`, `--command=${REPLACE_SCHEMAS_SQL}`, "--file=-"],
    target.env,
    "pipe",
  );
  psql.child.stdout!.resume();
  // psql stopping early (an error) closes the pipe: pg_restore's write error is reported through psql's.
  psql.child.stdin!.on("error", () => {});
  const script = startTool(findPostgresTool("pg_restore", env), [...PG_RESTORE_ARGS, file], env, "ignore");
  // psql commits when its input ends, so it ends only once pg_restore wrote the whole script; a pg_restore
  // that fails half-way kills psql instead, and the server rolls the transaction back. A psql that stops
  // first (an SQL error: rolled back) takes pg_restore with it, and its error is the one to report.
  let psqlStoppedFirst = false;
  void psql.code.then(
    () => {
      psqlStoppedFirst = script.child.exitCode === null;
      script.child.kill("SIGKILL");
    },
    () => {},
  );
  script.child.stdout!.pipe(psql.child.stdin!, { end: false });
  if ((await script.code) === 0) psql.child.stdin!.end();
  else if (!psqlStoppedFirst) psql.child.kill("SIGKILL");
  await psql.code.catch(() => null);
  for (const run of psqlStoppedFirst ? [psql, script] : [script, psql]) await check(run);
}
