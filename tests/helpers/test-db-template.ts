// Builds the migrated template every test database is cloned from (shared by global-setup and test-db).
import { createHash, randomBytes } from "node:crypto";
import { readdir, readFile, rename, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { migrationsFolder, openPglite, openPostgres } from "../../db/client.ts";

export const POSTGRES_TEMPLATE_DATABASE = "reeltime_template";
export const POSTGRES_TEST_DATABASE_PREFIX = "reeltime_t_";

/** Environment variable carrying the PGlite template tarball's path to workers (besides `inject`). */
export const PGLITE_TEMPLATE_ENV = "REELTIME_TEST_PGLITE_TEMPLATE";

/** Migrates one in-memory PGlite and returns its data directory as an uncompressed tarball. */
export async function buildPgliteTemplate(): Promise<Blob> {
  const handle = await openPglite();
  try {
    await handle.migrate();
    return await handle.client.dumpDataDir("none");
  } finally {
    await handle.close();
  }
}

/** Hash of everything the template depends on: the migration files and the PGlite version. */
async function templateKey() {
  const hash = createHash("sha256");
  const pglitePackage = path.join(migrationsFolder, "../../node_modules/@electric-sql/pglite/package.json");
  hash.update(await readFile(pglitePackage, "utf8").catch(() => "pglite version unknown"));
  const walk = async (dir: string): Promise<void> => {
    for (const entry of (await readdir(dir, { withFileTypes: true })).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else hash.update(path.relative(migrationsFolder, full)).update(await readFile(full));
    }
  };
  await walk(migrationsFolder);
  return hash.digest("hex").slice(0, 16);
}

/**
 * Path of the PGlite template tarball, built when missing. The file is keyed by the migrations'
 * content, so later runs with unchanged migrations reuse it and skip migrating altogether.
 */
export async function pgliteTemplateFile(): Promise<{ file: string; reused: boolean }> {
  const file = path.join(os.tmpdir(), `reeltime-test-template-${await templateKey()}.tar`);
  const existing = await stat(file).catch(() => undefined);
  if (existing && existing.size > 0) return { file, reused: true };
  const blob = await buildPgliteTemplate();
  const partial = `${file}.${process.pid}-${randomBytes(4).toString("hex")}.partial`;
  await writeFile(partial, Buffer.from(await blob.arrayBuffer()));
  await rename(partial, file); // atomic: a concurrent run sees the whole file or none
  return { file, reused: false };
}

export function quoteIdentifier(name: string) {
  return `"${name.replace(/"/g, '""')}"`;
}

/** The URL of `database` on the server TEST_DATABASE_URL points at. */
export function databaseUrl(adminUrl: string, database: string) {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Drops a database, closing whatever sessions are still connected to it (PostgreSQL 13+). */
export async function dropDatabase(admin: pg.Client | pg.Pool, database: string) {
  await admin.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(database)} WITH (FORCE)`);
}

/** (Re-)creates `reeltime_template` on the server and migrates it. */
export async function createPostgresTemplate(adminUrl: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await dropDatabase(admin, POSTGRES_TEMPLATE_DATABASE);
    await admin.query(`CREATE DATABASE ${quoteIdentifier(POSTGRES_TEMPLATE_DATABASE)}`);
  } finally {
    await admin.end();
  }
  const handle = await openPostgres(databaseUrl(adminUrl, POSTGRES_TEMPLATE_DATABASE), { max: 1 });
  try {
    await handle.migrate();
  } finally {
    await handle.close();
  }
}

/** Drops test databases a crashed run left behind (names start with `reeltime_t_<runId>`). */
export async function dropLeftoverDatabases(adminUrl: string, runId: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const prefix = `${POSTGRES_TEST_DATABASE_PREFIX}${runId}`;
    const { rows } = await admin.query<{ datname: string }>(
      "select datname from pg_database where starts_with(datname, $1)",
      [prefix],
    );
    for (const { datname } of rows) await dropDatabase(admin, datname);
  } finally {
    await admin.end();
  }
}
