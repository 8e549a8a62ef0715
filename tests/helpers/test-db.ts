// A fresh, migrated database per call, cloned from the template global-setup.ts prepared.
// One switch: with TEST_DATABASE_URL set the same tests run against PostgreSQL instead of PGlite.
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import { type DatabaseHandle, openPglite, openPostgres } from "../../db/client.ts";
import {
  buildPgliteTemplate,
  databaseUrl,
  dropDatabase,
  PGLITE_TEMPLATE_ENV,
  POSTGRES_TEMPLATE_DATABASE,
  POSTGRES_TEST_DATABASE_PREFIX,
  quoteIdentifier,
} from "./test-db-template.ts";

function provided<K extends "pgliteTemplateFile" | "testDatabaseUrl" | "testRunId">(key: K): string {
  try {
    return inject(key) ?? "";
  } catch {
    return ""; // outside a Vitest worker
  }
}

/** "postgres" when this run's tests use TEST_DATABASE_URL, else "pglite". */
export function testDatabaseKind(): DatabaseHandle["kind"] {
  return adminUrl() ? "postgres" : "pglite";
}

function adminUrl() {
  return provided("testDatabaseUrl") || process.env.TEST_DATABASE_URL || "";
}

// ---- PGlite: load a clone of the migrated data directory -------------------------------------

let pgliteTemplate: Promise<Blob> | undefined;

function pgliteTemplateBlob() {
  pgliteTemplate ??= (async () => {
    const file = provided("pgliteTemplateFile") || process.env[PGLITE_TEMPLATE_ENV];
    // Without the global setup (a file run on its own config), migrate once in this worker.
    if (!file) return buildPgliteTemplate();
    return new Blob([await readFile(file)]);
  })();
  return pgliteTemplate;
}

async function createPgliteDatabase(): Promise<DatabaseHandle> {
  return openPglite({ loadDataDir: await pgliteTemplateBlob() });
}

// ---- PostgreSQL: CREATE DATABASE … TEMPLATE reeltime_template --------------------------------

let adminPool: pg.Pool | undefined;

function admin(url: string) {
  if (!adminPool) {
    adminPool = new pg.Pool({ connectionString: url, max: 2, allowExitOnIdle: true });
    adminPool.on("error", () => {});
  }
  return adminPool;
}

async function createPostgresDatabase(url: string): Promise<DatabaseHandle> {
  const runId = provided("testRunId") || "x";
  const name = `${POSTGRES_TEST_DATABASE_PREFIX}${runId}_${randomBytes(6).toString("hex")}`;
  await admin(url).query(
    `CREATE DATABASE ${quoteIdentifier(name)} TEMPLATE ${quoteIdentifier(POSTGRES_TEMPLATE_DATABASE)}`,
  );
  const handle = await openPostgres(databaseUrl(url, name), { max: 4 });
  let closed = false;
  return {
    ...handle,
    close: async () => {
      if (closed) return;
      closed = true;
      await handle.pool.end();
      await dropDatabase(admin(url), name);
    },
  };
}

// ---- public helpers ---------------------------------------------------------------------------

/**
 * A fresh, migrated, empty database of its own (PGlite clone ≈ 0.3 s; PostgreSQL template copy).
 * Call `close()` when done: it frees the PGlite instance or drops the PostgreSQL database.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const url = adminUrl();
  return url ? createPostgresDatabase(url) : createPgliteDatabase();
}

/** Runs `fn` against a fresh database and closes it afterwards, whatever happens. */
export async function withTestDatabase<T>(fn: (handle: DatabaseHandle) => Promise<T> | T): Promise<T> {
  const handle = await createTestDatabase();
  try {
    return await fn(handle);
  } finally {
    await handle.close();
  }
}

/**
 * One database for a test file (or describe block): opened in beforeAll, closed in afterAll.
 * Read it inside tests: `const db = useTestDatabase(); it("…", () => db().db.select()…)`.
 */
export function useTestDatabase(): () => DatabaseHandle {
  let handle: DatabaseHandle | undefined;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(async () => {
    await handle?.close();
  });
  return () => {
    if (!handle) throw new Error("useTestDatabase(): the database is only available inside tests and hooks");
    return handle;
  };
}
