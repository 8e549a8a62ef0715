// The feeds of a cinema or a chain (super admin), each with its last run: status, when, counts, the
// number of problems, and the uploaded file's name when it has one.
import { and, eq, inArray, type SQL } from "drizzle-orm";
import { z } from "zod";
import { cinemaChains, cinemas } from "../../../db/schema/catalog.ts";
import type { ImportCounts } from "../../../db/schema/ingest.ts";
import { sources, sourceUploads } from "../../../db/schema/ingest.ts";
import type { Actor } from "../../access/actor.ts";
import type { ImportRunStatus } from "../../audit/import-run-statuses.ts";
import { requireSuperAdmin } from "../../access/permissions.ts";
import { idSchema } from "../../forms/fields.ts";
import { parseInput } from "../../shared/input.ts";
import {
  latestRuns,
  sourceColumns,
  type SourceRecord,
  type SourceServices,
  toSourceRecord,
} from "./sources.ts";

const inputSchema = z.object({ cinemaId: idSchema.optional(), chainId: idSchema.optional() });

export type SourceListRow = SourceRecord & {
  uploadedFile: string | null;
  lastRun: {
    id: string;
    status: ImportRunStatus;
    trigger: "schedule" | "manual" | "cli";
    startedAt: Date;
    finishedAt: Date | null;
    counts: ImportCounts;
    problemCount: number;
    errorSummary: string | null;
  } | null;
};

/** The cinema's or chain's name, or null when there is no such cinema or chain. */
export async function sourceOwnerName(
  services: Pick<SourceServices, "db">,
  actor: Actor,
  input: z.input<typeof inputSchema>,
): Promise<string | null> {
  requireSuperAdmin(actor);
  const { cinemaId, chainId } = parseInput(inputSchema, input);
  const table = cinemaId ? cinemas : cinemaChains;
  const id = cinemaId ?? chainId;
  if (!id) return null;
  const [row] = await services.db.select({ name: table.name }).from(table).where(eq(table.id, id));
  return row?.name ?? null;
}

export async function listSources(
  services: Pick<SourceServices, "db">,
  actor: Actor,
  input: z.input<typeof inputSchema>,
): Promise<SourceListRow[]> {
  requireSuperAdmin(actor);
  const { cinemaId, chainId } = parseInput(inputSchema, input);
  const conditions: SQL[] = [];
  if (cinemaId) conditions.push(eq(sources.cinemaId, cinemaId));
  if (chainId) conditions.push(eq(sources.chainId, chainId));
  const rows = await services.db
    .select(sourceColumns)
    .from(sources)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(sources.name, sources.id);
  const ids = rows.map((row) => row.id);
  const [runs, uploads] = await Promise.all([
    latestRuns(services.db, ids),
    ids.length
      ? services.db
          .select({ sourceId: sourceUploads.sourceId, fileName: sourceUploads.fileName })
          .from(sourceUploads)
          .where(inArray(sourceUploads.sourceId, ids))
      : Promise.resolve([]),
  ]);
  const files = new Map(uploads.map((upload) => [upload.sourceId, upload.fileName]));
  return rows.map((row) => {
    const run = runs.get(row.id);
    return {
      ...toSourceRecord(row),
      uploadedFile: files.get(row.id) ?? null,
      lastRun: run
        ? {
            id: run.id,
            status: run.status,
            trigger: run.trigger,
            startedAt: run.startedAt,
            finishedAt: run.finishedAt,
            counts: run.counts,
            problemCount: run.problems.length,
            errorSummary: run.errorSummary,
          }
        : null,
    };
  });
}
