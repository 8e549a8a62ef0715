// Backup and restore of the embedded database (PGlite in DATA_DIR/db): its data directory as a gzipped tar
// (PGlite's dumpDataDir), loaded back with loadDataDir into a new directory that replaces the old one only
// once it opened. PGlite allows one process per directory and does not stop a second one: while open it
// keeps a postmaster.pid in the directory, so that file means a server (or a killed one) holds it.
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { readdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { openPglite } from "../../db/client.ts";
import { publicTablesWithRows } from "./database-rows.ts";

export function embeddedDatabaseDir(dataDir: string): string {
  return path.join(dataDir, "db");
}

/** Refuses a directory a running (or killed) server holds. */
export function checkNotInUse(databaseDir: string): void {
  if (existsSync(path.join(databaseDir, "postmaster.pid"))) {
    throw new Error(
      `the embedded database ${databaseDir} is in use (it holds postmaster.pid): stop the server on this ` +
        "DATA_DIR first. If no server runs (one was killed), start and stop it once, or delete that file.",
    );
  }
}

export async function dumpEmbeddedDatabase(databaseDir: string): Promise<Buffer> {
  if (!existsSync(path.join(databaseDir, "PG_VERSION"))) {
    throw new Error(`there is no embedded database in ${databaseDir}`);
  }
  checkNotInUse(databaseDir);
  const database = await openPglite({ dataDir: databaseDir });
  try {
    const tarball = await database.client.dumpDataDir("gzip");
    return Buffer.from(await tarball.arrayBuffer());
  } finally {
    await database.close();
  }
}

/** What is in DATA_DIR/db now: nothing, an empty database, or data (the public tables with rows). */
export async function embeddedTargetState(
  databaseDir: string,
): Promise<{ exists: false } | { exists: true; tablesWithRows: string[] }> {
  const entries = await readdir(databaseDir).catch(() => [] as string[]);
  if (entries.length === 0) return { exists: false };
  if (!entries.includes("PG_VERSION"))
    return { exists: true, tablesWithRows: ["(files that are not a database)"] };
  checkNotInUse(databaseDir);
  const database = await openPglite({ dataDir: databaseDir });
  try {
    return { exists: true, tablesWithRows: await publicTablesWithRows((sql) => database.client.query(sql)) };
  } finally {
    await database.close();
  }
}

/**
 * Loads the dump into DATA_DIR/db.restoring-…, opens it to prove it works, then puts it in place of
 * DATA_DIR/db. An old database with data is kept as db.replaced-<time> (returned); an empty one is removed.
 */
export async function restoreEmbeddedDatabase(
  databaseDir: string,
  tarball: Buffer,
  options: { keepOld: boolean; now: Date },
): Promise<string | undefined> {
  const staging = `${databaseDir}.restoring-${randomBytes(6).toString("hex")}`;
  try {
    const database = await openPglite({ dataDir: staging, loadDataDir: new Blob([new Uint8Array(tarball)]) });
    try {
      await database.client.query("select count(*) from information_schema.tables");
    } finally {
      await database.close();
    }
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw new Error(
      `the database in the backup could not be opened: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  let keptAs: string | undefined;
  if (existsSync(databaseDir)) {
    if (options.keepOld) {
      keptAs = `${databaseDir}.replaced-${options.now.toISOString().replace(/[:.]/g, "-")}`;
      await rename(databaseDir, keptAs);
    } else {
      await rm(databaseDir, { recursive: true, force: true });
    }
  }
  await rename(staging, databaseDir);
  return keptAs;
}
