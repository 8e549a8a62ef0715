// The reindex-search job: rebuilds the trigram indexes title search and the matcher read (after a bulk
// load, or when they have bloated). Plain REINDEX: writes to each table wait while its index is rebuilt.
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { writeAuditLog } from "../audit/write-audit-log.ts";
import type { JobProgress } from "../jobs/job-queue.ts";

export const SEARCH_INDEXES = [
  "movies_title_trgm_idx",
  "movie_titles_title_trgm_idx",
  "movie_aliases_title_trgm_idx",
] as const;

export async function reindexSearchIndexes(
  services: { db: Database },
  input: {
    requestedBy?: string | null;
    signal?: AbortSignal;
    reportProgress?: (progress: JobProgress) => Promise<void>;
  },
): Promise<{ indexes: number; durationMs: number }> {
  const { db } = services;
  const started = Date.now();
  for (const [index, name] of SEARCH_INDEXES.entries()) {
    input.signal?.throwIfAborted();
    await db.execute(sql`REINDEX INDEX ${sql.identifier(name)}`);
    await input.reportProgress?.({ done: index + 1, total: SEARCH_INDEXES.length });
  }
  const result = { indexes: SEARCH_INDEXES.length, durationMs: Date.now() - started };
  await writeAuditLog(db, null, {
    action: "tools.reindex",
    entityType: "database",
    actorProfileId: input.requestedBy ?? null,
    after: result,
  });
  return result;
}
