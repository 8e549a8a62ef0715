// The database's migrations: each file of db/migrations (drizzle's journal) beside what drizzle recorded
// in drizzle.__drizzle_migrations when it applied it. Drizzle keeps the file's hash and its journal time,
// not when it ran. Super admins only.
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Actor } from "../access/actor.ts";
import { requireSuperAdmin } from "../access/permissions.ts";
import { queryRows } from "../shared/db-rows.ts";
import type { AppServices } from "../services.ts";

export type MigrationState = "applied" | "pending" | "changed";
export type MigrationStatus = {
  migrations: { tag: string; createdAt: Date; state: MigrationState }[];
  applied: number;
  pending: number;
  /** rows drizzle recorded that no file matches (a database newer than this build) */
  unknown: number;
};

type Journal = { entries: { idx: number; when: number; tag: string }[] };

export async function readMigrationStatus(
  services: Pick<AppServices, "db" | "migrationsFolder">,
  actor: Actor,
): Promise<MigrationStatus> {
  requireSuperAdmin(actor);
  const folder = services.migrationsFolder;
  const journal = JSON.parse(await readFile(path.join(folder, "meta", "_journal.json"), "utf8")) as Journal;
  const exists = await queryRows<{ found: boolean }>(
    services.db,
    sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS found`,
  );
  const recorded = exists[0]?.found
    ? await queryRows<{ hash: string; created_at: string | number }>(
        services.db,
        sql`SELECT hash, created_at FROM drizzle.__drizzle_migrations`,
      )
    : [];
  // bigint: node-postgres answers with a string
  const byTime = new Map(recorded.map((row) => [Number(row.created_at), row.hash]));
  const migrations = await Promise.all(
    journal.entries.map(async (entry) => {
      // Drizzle's hash: sha256 of the file as read.
      const text = await readFile(path.join(folder, `${entry.tag}.sql`), "utf8");
      const hash = createHash("sha256").update(text).digest("hex");
      const stored = byTime.get(entry.when);
      const state: MigrationState =
        stored === undefined ? "pending" : stored === hash ? "applied" : "changed";
      return { tag: entry.tag, createdAt: new Date(entry.when), state };
    }),
  );
  const known = new Set(journal.entries.map((entry) => entry.when));
  return {
    migrations,
    applied: migrations.filter((m) => m.state !== "pending").length,
    pending: migrations.filter((m) => m.state === "pending").length,
    unknown: [...byTime.keys()].filter((when) => !known.has(when)).length,
  };
}
