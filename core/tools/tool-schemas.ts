// The data tools' inputs (/studio/data/tools), shared by the forms (Conform) and the core operations.
import { z } from "zod";
import { integerFromText } from "../forms/numbers.ts";
import { chosenIdSchema, idSchema } from "../forms/fields.ts";
import {
  EXPORT_FORMATS,
  EXPORT_TABLES,
  MAINTENANCE_OPERATIONS,
  tableNameSchema,
} from "../jobs/tool-job-payloads.ts";

/** What a super admin types before a purge or a reindex (the same word in every language). */
export const PURGE_WORD = "PURGE";
export const REINDEX_WORD = "REINDEX";

export const maintenanceSchema = z.object({
  operation: z.enum(MAINTENANCE_OPERATIONS, { error: "validation.choiceInvalid" }),
  /** empty: every table */
  table: z
    .union([z.literal(""), tableNameSchema])
    .nullish()
    .transform((table) => table || null),
});

const typed = (word: string, error: "validation.confirmPurge" | "validation.confirmReindex") =>
  z
    .string({ error })
    .trim()
    .refine((value) => value === word, { error });

export const purgeSchema = z.object({
  olderThanDays: integerFromText(z.number({ error: "validation.numberInvalid" }).int().min(1).max(36_500)),
  confirmWord: typed(PURGE_WORD, "validation.confirmPurge"),
});

export const reindexSchema = z.object({ confirmWord: typed(REINDEX_WORD, "validation.confirmReindex") });

export const rematchSchema = z.object({});

export const exportSchema = z.object({
  table: z.enum(EXPORT_TABLES, { error: "validation.choiceInvalid" }),
  format: z.enum(EXPORT_FORMATS, { error: "validation.choiceInvalid" }),
});

export const runFeedSchema = z.object({ sourceId: chosenIdSchema("validation.choose.feed") });

export const cancelToolJobSchema = z.object({ id: idSchema });
