// One import run with its problems (super admin), for the logs page's run dialog: each problem's where,
// field and message (a message reference, translated by the reader's page).
import { eq } from "drizzle-orm";
import { z } from "zod";
import { importRuns, sources } from "../../db/schema/ingest.ts";
import type { Actor } from "../access/actor.ts";
import { requireSuperAdmin } from "../access/permissions.ts";
import { AppError } from "../errors.ts";
import { idSchema } from "../forms/fields.ts";
import { parseInput } from "../shared/input.ts";
import type { AppServices } from "../services.ts";

const inputSchema = z.object({ id: idSchema });

/** A problem's message key and values as one message reference ("key|{values}"). */
export function problemRef(message: string, values: Record<string, string | number> | undefined): string {
  return values && Object.keys(values).length > 0 ? `${message}|${JSON.stringify(values)}` : message;
}

export async function getImportRun(
  { db }: Pick<AppServices, "db">,
  actor: Actor,
  input: z.input<typeof inputSchema>,
) {
  requireSuperAdmin(actor);
  const { id } = parseInput(inputSchema, input);
  const [run] = await db
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
    .where(eq(importRuns.id, id));
  if (!run) throw new AppError("not_found", "studio.logs.imports.notFound");
  return {
    ...run,
    problems: run.problems.map((problem) => ({
      where: problem.where,
      field: problem.field,
      message: problemRef(problem.message, problem.values),
    })),
  };
}
