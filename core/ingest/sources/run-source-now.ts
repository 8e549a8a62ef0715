// "Run now": a super admin queues a feed's import at once (the worker runs it; a disabled feed does not run).
// The run itself records what happened in import_runs, with who asked.
import { z } from "zod";
import type { Actor } from "../../access/actor.ts";
import { requireSuperAdmin } from "../../access/permissions.ts";
import { writeAuditLog } from "../../audit/write-audit-log.ts";
import { AppError } from "../../errors.ts";
import { idSchema } from "../../forms/fields.ts";
import { parseInput } from "../../shared/input.ts";
import { findSourceForUpdate, type SourceServices } from "./sources.ts";

export const runSourceNowSchema = z.object({ id: idSchema });

export async function runSourceNow(
  services: Pick<SourceServices, "db" | "jobs">,
  actor: Actor,
  input: z.input<typeof runSourceNowSchema>,
): Promise<{ id: string; name: string; jobId: string }> {
  requireSuperAdmin(actor);
  const { id } = parseInput(runSourceNowSchema, input);
  const source = await services.db.transaction((tx) => findSourceForUpdate(tx, id));
  if (!source.enabled)
    throw new AppError("conflict", "studio.sources.disabled", { values: { name: source.name } });
  const jobId = await services.jobs.enqueue(
    "import-feed",
    { sourceId: id, trigger: "manual", triggeredBy: actor.profileId },
    { priority: 10 },
  );
  await writeAuditLog(services.db, actor, {
    action: "ingest.source.run",
    entityType: "source",
    entityId: id,
    clientId: null,
    after: { jobId },
  });
  return { id, name: source.name, jobId };
}
