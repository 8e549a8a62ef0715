// The db-maintenance job: VACUUM (ANALYZE) or ANALYZE of one table or of every table of the public
// schema, one statement per table (VACUUM cannot run inside a transaction, so each is sent alone).
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { writeAuditLog } from "../audit/write-audit-log.ts";
import type { JobProgress } from "../jobs/job-queue.ts";
import type { MaintenanceOperation } from "../jobs/tool-job-payloads.ts";
import { listTableNames } from "./read-table-sizes.ts";

export async function runMaintenance(
  services: { db: Database },
  input: {
    operation: MaintenanceOperation;
    table: string | null;
    requestedBy?: string | null;
    signal?: AbortSignal;
    reportProgress?: (progress: JobProgress) => Promise<void>;
  },
): Promise<{ operation: MaintenanceOperation; tables: number; durationMs: number }> {
  const { db } = services;
  const started = Date.now();
  const existing = await listTableNames(db);
  // A table dropped since the job was queued: nothing to do for it.
  const tables = input.table === null ? existing : existing.filter((name) => name === input.table);
  for (const [index, table] of tables.entries()) {
    input.signal?.throwIfAborted();
    const name = sql.identifier(table);
    await db.execute(input.operation === "vacuum" ? sql`VACUUM (ANALYZE) ${name}` : sql`ANALYZE ${name}`);
    await input.reportProgress?.({ done: index + 1, total: tables.length });
  }
  const result = { operation: input.operation, tables: tables.length, durationMs: Date.now() - started };
  await writeAuditLog(db, null, {
    action: `tools.${input.operation}`,
    entityType: "database",
    actorProfileId: input.requestedBy ?? null,
    after: { ...result, table: input.table },
  });
  return result;
}
