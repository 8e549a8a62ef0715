// The export-data job: one table of the allow-list (or the catalogue: movies with their titles and
// aliases) as CSV or JSON, read in key order in batches, gzip-compressed into `exports` so any instance
// can serve the download. At most `maxRows` rows: the result says when the cap cut the file short.
import { once } from "node:events";
import { createGzip } from "node:zlib";
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { exports } from "../../db/schema/tools.ts";
import { writeAuditLog } from "../audit/write-audit-log.ts";
import { csvRecord } from "../shared/csv.ts";
import { queryRows } from "../shared/db-rows.ts";
import type { JobProgress } from "../jobs/job-queue.ts";
import { purgeExpiredExports } from "./purge-expired-exports.ts";
import type { ExportFormat, ExportTable } from "../jobs/tool-job-payloads.ts";

export const EXPORT_ROW_CAP = 1_000_000;
/** how long an export can be downloaded */
export const EXPORT_KEEP_DAYS = 7;
const BATCH = 2_000;

type Row = Record<string, unknown>;

/** Each table's key, for reading in order. */
const KEYS: Record<Exclude<ExportTable, "catalogue">, string> = {
  movies: "id",
  movie_titles: "id",
  movie_aliases: "id",
  cinemas: "id",
  cinema_chains: "id",
  attributes: "id",
  countries: "code",
  showtimes: "id",
};

export type ExportResult = {
  exportId: string;
  fileName: string;
  rows: number;
  bytes: number;
  capped: boolean;
  cap: number;
};

async function columnsOf(db: Database, table: string): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`SELECT column_name AS name FROM information_schema.columns
         WHERE table_schema = 'public' AND table_name = ${table} ORDER BY ordinal_position`,
  );
  return rows.map((row) => row.name);
}

async function readBatch(db: Database, table: string, key: string, after: unknown, limit: number) {
  const from = sql.identifier(table);
  const keyColumn = sql.identifier(key);
  const where: SQL = after === undefined ? sql`` : sql`WHERE ${keyColumn} > ${after}`;
  return queryRows<Row>(db, sql`SELECT * FROM ${from} ${where} ORDER BY ${keyColumn} LIMIT ${limit}`);
}

/** The catalogue's rows: each movie with `titles` ({ locale, title }) and `aliases` (normalized titles). */
async function withTitlesAndAliases(db: Database, movies: Row[]): Promise<Row[]> {
  if (movies.length === 0) return movies;
  const ids = sql.join(
    movies.map((movie) => sql`${movie.id}::uuid`),
    sql`, `,
  );
  const titles = await queryRows<{ movie_id: string; locale: string; title: string }>(
    db,
    sql`SELECT movie_id, locale, title FROM movie_titles WHERE movie_id IN (${ids}) ORDER BY locale`,
  );
  const aliases = await queryRows<{ movie_id: string; normalized_title: string }>(
    db,
    sql`SELECT movie_id, normalized_title FROM movie_aliases WHERE movie_id IN (${ids})
         ORDER BY normalized_title`,
  );
  return movies.map((movie) => ({
    ...movie,
    titles: titles.filter((t) => t.movie_id === movie.id).map((t) => ({ locale: t.locale, title: t.title })),
    aliases: aliases.filter((a) => a.movie_id === movie.id).map((a) => a.normalized_title),
  }));
}

export async function exportData(
  services: { db: Database; now: () => Date },
  input: {
    jobId: string;
    table: ExportTable;
    format: ExportFormat;
    requestedBy: string | null;
    maxRows?: number;
    signal?: AbortSignal;
    reportProgress?: (progress: JobProgress) => Promise<void>;
  },
): Promise<ExportResult> {
  const { db } = services;
  const cap = input.maxRows ?? EXPORT_ROW_CAP;
  const source = input.table === "catalogue" ? "movies" : input.table;
  const key = KEYS[source];
  const columns = await columnsOf(db, source);
  if (input.table === "catalogue") columns.push("titles", "aliases");

  const gzip = createGzip();
  const chunks: Buffer[] = [];
  gzip.on("data", (chunk: Buffer) => chunks.push(chunk));
  let bytes = 0;
  const write = async (text: string) => {
    bytes += Buffer.byteLength(text);
    if (!gzip.write(text)) await once(gzip, "drain");
  };

  await write(input.format === "csv" ? csvRecord(columns) : "[");
  let rows = 0;
  let after: unknown = undefined;
  let capped = false;
  for (;;) {
    input.signal?.throwIfAborted();
    const limit = Math.min(BATCH, cap - rows + 1);
    let batch = await readBatch(db, source, key, after, limit);
    if (rows + batch.length > cap) {
      capped = true;
      batch = batch.slice(0, cap - rows);
    }
    if (input.table === "catalogue") batch = await withTitlesAndAliases(db, batch);
    for (const row of batch) {
      await write(
        input.format === "csv"
          ? csvRecord(
              columns.map((column) => row[column]),
              { booleans: "literals" },
            )
          : `${rows === 0 ? "" : ","}\n${JSON.stringify(row)}`,
      );
      rows += 1;
    }
    await input.reportProgress?.({ done: rows, total: null });
    if (capped || batch.length < limit) break;
    after = batch.at(-1)?.[key];
  }
  if (input.format === "json") await write(rows === 0 ? "]\n" : "\n]\n");
  gzip.end();
  await once(gzip, "end");

  const now = services.now();
  const fileName = `reeltime-${input.table.replaceAll("_", "-")}-${now.toISOString().slice(0, 10)}.${input.format}`;
  await purgeExpiredExports(services);
  const [saved] = await db
    .insert(exports)
    .values({
      jobId: input.jobId,
      format: input.format,
      tableName: input.table,
      fileName,
      content: Buffer.concat(chunks),
      bytes,
      rows,
      createdBy: input.requestedBy,
      createdAt: now,
      expiresAt: new Date(now.getTime() + EXPORT_KEEP_DAYS * 24 * 60 * 60 * 1000),
    })
    .returning({ id: exports.id });
  const result = { exportId: saved!.id, fileName, rows, bytes, capped, cap };
  await writeAuditLog(db, null, {
    action: "tools.export",
    entityType: "export",
    entityId: saved!.id,
    actorProfileId: input.requestedBy,
    after: { table: input.table, format: input.format, rows, bytes, capped },
  });
  return result;
}
