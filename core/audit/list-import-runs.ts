// The import runs for the logs page (super admin): every import_runs row with its source, searched by
// source name, filtered by status and days from/to, sorted by start time and paged.
import { and, asc, count, desc, eq, gte, ilike, lt, type SQL } from "drizzle-orm";
import { z } from "zod";
import { importRuns, sources, type ImportCounts } from "../../db/schema/ingest.ts";
import type { Actor } from "../access/actor.ts";
import { requireSuperAdmin } from "../access/permissions.ts";
import { likePattern, pageSchema, pageSizeSchema, parseInput, searchSchema } from "../shared/input.ts";
import type { Page } from "../shared/page.ts";
import { IMPORT_RUN_STATUSES, type ImportRunStatus } from "./import-run-statuses.ts";
import type { AppServices } from "../services.ts";

export { IMPORT_RUN_STATUSES, type ImportRunStatus };

export const IMPORT_RUN_SORTS = ["-startedAt", "startedAt"] as const;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "studio.logs.validation.date" })
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), { error: "studio.logs.validation.date" });

const inputSchema = z.object({
  search: searchSchema,
  status: z.enum(IMPORT_RUN_STATUSES, { error: "validation.choiceInvalid" }).optional(),
  from: day.optional(),
  to: day.optional(),
  sort: z.enum(IMPORT_RUN_SORTS, { error: "validation.choiceInvalid" }).default("-startedAt"),
  page: pageSchema,
  pageSize: pageSizeSchema,
});

export type ImportRunRow = {
  id: string;
  sourceId: string;
  sourceName: string;
  sourceFormat: string;
  status: ImportRunStatus;
  trigger: "schedule" | "manual" | "cli";
  startedAt: Date;
  finishedAt: Date | null;
  counts: ImportCounts;
  errorSummary: string | null;
  problemCount: number;
};

export async function listImportRuns(
  { db }: Pick<AppServices, "db">,
  actor: Actor,
  input: z.input<typeof inputSchema> = {},
): Promise<Page<ImportRunRow>> {
  requireSuperAdmin(actor);
  const { search, status, from, to, sort, page, pageSize } = parseInput(inputSchema, input);
  const conditions: SQL[] = [];
  if (search) conditions.push(ilike(sources.name, likePattern(search)));
  if (status) conditions.push(eq(importRuns.status, status));
  if (from) conditions.push(gte(importRuns.startedAt, new Date(`${from}T00:00:00Z`)));
  if (to) conditions.push(lt(importRuns.startedAt, new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000)));
  const where = conditions.length ? and(...conditions) : undefined;
  const direction = sort === "startedAt" ? asc : desc;

  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: importRuns.id,
        sourceId: importRuns.sourceId,
        sourceName: sources.name,
        sourceFormat: sources.format,
        status: importRuns.status,
        trigger: importRuns.trigger,
        startedAt: importRuns.startedAt,
        finishedAt: importRuns.finishedAt,
        counts: importRuns.counts,
        errorSummary: importRuns.errorSummary,
        problems: importRuns.problems,
      })
      .from(importRuns)
      .innerJoin(sources, eq(sources.id, importRuns.sourceId))
      .where(where)
      .orderBy(direction(importRuns.startedAt), asc(importRuns.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ n: count() })
      .from(importRuns)
      .innerJoin(sources, eq(sources.id, importRuns.sourceId))
      .where(where),
  ]);
  return {
    rows: rows.map(({ problems, ...row }) => ({ ...row, problemCount: problems.length })),
    total: total?.n ?? 0,
    page,
    pageSize,
  };
}
