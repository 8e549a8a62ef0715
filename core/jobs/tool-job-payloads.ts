// What the data tools' jobs carry (export, maintenance): the job registry (job-kinds.ts) checks payloads
// against these at enqueue and before the handler runs, and the tools' forms (tools/tool-schemas.ts) offer them.
import { z } from "zod";

/** Tables an export may read: catalogue data only, never accounts, sessions, keys or feed credentials. */
export const EXPORT_TABLES = [
  "catalogue",
  "movies",
  "movie_titles",
  "movie_aliases",
  "cinemas",
  "cinema_chains",
  "attributes",
  "countries",
  "showtimes",
] as const;
export type ExportTable = (typeof EXPORT_TABLES)[number];
export const EXPORT_FORMATS = ["csv", "json"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const MAINTENANCE_OPERATIONS = ["analyze", "vacuum"] as const;
export type MaintenanceOperation = (typeof MAINTENANCE_OPERATIONS)[number];

/** A table name as pg_tables spells it (checked against the database before it reaches SQL). */
export const tableNameSchema = z
  .string()
  .regex(/^[a-z_][a-z0-9_]{0,62}$/, { error: "validation.choiceInvalid" });
