// The tables of the public schema: size on disk (table, indexes, total), rows and the last vacuum /
// analyze. Rows are counted exactly below ESTIMATE_ABOVE and estimated (statistics) above, so the page
// never scans a big table. Super admins only. Works on PostgreSQL and PGlite (the same catalogue views).
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import type { Actor } from "../access/actor.ts";
import { requireSuperAdmin } from "../access/permissions.ts";
import { queryRows } from "../shared/db-rows.ts";
import type { AppServices } from "../services.ts";

/** above this estimated row count, the estimate is shown instead of a count */
export const ESTIMATE_ABOVE = 200_000;

export type TableSize = {
  name: string;
  rows: number;
  rowsExact: boolean;
  deadRows: number;
  tableBytes: number;
  indexBytes: number;
  totalBytes: number;
  lastVacuum: Date | null;
  lastAnalyze: Date | null;
};

type Row = {
  name: string;
  estimate: string | number;
  dead: string | number | null;
  table_bytes: string | number;
  index_bytes: string | number;
  total_bytes: string | number;
  last_vacuum: Date | string | null;
  last_analyze: Date | string | null;
};

const date = (value: Date | string | null) => (value === null ? null : new Date(value));

/** The public schema's tables, by name (what vacuum / analyze may be given). */
export async function listTableNames(db: Database): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  return rows.map((row) => row.name);
}

export async function readTableSizes(services: Pick<AppServices, "db">, actor: Actor): Promise<TableSize[]> {
  requireSuperAdmin(actor);
  const { db } = services;
  const rows = await queryRows<Row>(
    db,
    sql`SELECT c.relname AS name,
          GREATEST(c.reltuples, COALESCE(s.n_live_tup, 0), 0)::bigint AS estimate,
          s.n_dead_tup AS dead,
          pg_relation_size(c.oid) AS table_bytes,
          pg_indexes_size(c.oid) AS index_bytes,
          pg_total_relation_size(c.oid) AS total_bytes,
          GREATEST(s.last_vacuum, s.last_autovacuum) AS last_vacuum,
          GREATEST(s.last_analyze, s.last_autoanalyze) AS last_analyze
        FROM pg_class c
        JOIN pg_namespace n ON n.oid = c.relnamespace
        LEFT JOIN pg_stat_user_tables s ON s.relid = c.oid
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
        ORDER BY pg_total_relation_size(c.oid) DESC, c.relname`,
  );
  return Promise.all(
    rows.map(async (row) => {
      const estimate = Number(row.estimate);
      const exact = estimate < ESTIMATE_ABOVE;
      const counted = exact
        ? await queryRows<{ n: string | number }>(
            db,
            sql`SELECT count(*) AS n FROM ${sql.identifier(row.name)}`,
          )
        : [];
      return {
        name: row.name,
        rows: exact ? Number(counted[0]?.n ?? 0) : estimate,
        rowsExact: exact,
        deadRows: Number(row.dead ?? 0),
        tableBytes: Number(row.table_bytes),
        indexBytes: Number(row.index_bytes),
        totalBytes: Number(row.total_bytes),
        lastVacuum: date(row.last_vacuum),
        lastAnalyze: date(row.last_analyze),
      };
    }),
  );
}
