// The studio's data tools: an export's file, kept in the database so any instance can serve the download.
import { customType, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { id, tz } from "./columns.ts";
import { profiles } from "./tenancy.ts";

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  // PGlite answers with a Uint8Array, node-postgres with a Buffer.
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const exports = pgTable(
  "exports",
  {
    id: id(),
    jobId: uuid().notNull(),
    /** "json" or "csv" */
    format: text().notNull(),
    /** the exported table, or "catalogue" */
    tableName: text().notNull(),
    fileName: text().notNull(),
    /** gzip-compressed file */
    content: bytea().notNull(),
    /** uncompressed size */
    bytes: integer().notNull(),
    rows: integer().notNull(),
    createdBy: uuid().references(() => profiles.id, { onDelete: "set null" }),
    createdAt: tz().notNull().defaultNow(),
    expiresAt: tz().notNull(),
  },
  (t) => [index().on(t.expiresAt), index().on(t.jobId)],
);
