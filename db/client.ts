// Opens the database: embedded PGlite (default) or PostgreSQL (DATABASE_URL), with Drizzle on top.
import { mkdir } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema/index.ts";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  /** How a second client (the job queue, pg-boss) reaches the same database: the PGlite instance itself, or the URL. */
  connection: { kind: "pglite"; client: PGlite } | { kind: "postgres"; url: string };
  /** Applies pending migrations (idempotent). */
  migrate: () => Promise<void>;
  /** Cheap round trip, for /readyz. */
  ping: () => Promise<void>;
  close: () => Promise<void>;
};

export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

const drizzleOptions = { schema, casing: "snake_case" } as const;

export type PgliteSource = { dataDir?: string; loadDataDir?: Blob };

export async function openPglite(source: PgliteSource = {}): Promise<DatabaseHandle & { client: PGlite }> {
  if (source.dataDir) await mkdir(source.dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: source.dataDir,
    loadDataDir: source.loadDataDir,
    extensions: { pg_trgm },
  });
  const db = drizzlePglite({ client, ...drizzleOptions });
  return {
    db,
    client,
    kind: "pglite",
    connection: { kind: "pglite", client },
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: async () => {
      await client.query("select 1");
    },
    // Closing twice is a no-op (a shutdown and a test's own clean-up may both close).
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

export async function openPostgres(
  url: string,
  options: { max?: number } = {},
): Promise<DatabaseHandle & { pool: pg.Pool }> {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  // An idle client losing its connection must not crash the process.
  pool.on("error", () => {});
  const db = drizzlePg({ client: pool, ...drizzleOptions });
  return {
    db,
    pool,
    kind: "postgres",
    connection: { kind: "postgres", url },
    migrate: () => migratePg(db, { migrationsFolder }),
    ping: async () => {
      await pool.query("select 1");
    },
    close: async () => {
      if (!pool.ended) await pool.end();
    },
  };
}

export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite({ dataDir: options.dataDir });
}
