// Cancels a queued or running job from the studio (a running one is asked to stop through its signal).
// Super admins only; audited.
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import type { Actor } from "../access/actor.ts";
import { requireSuperAdmin } from "../access/permissions.ts";
import { writeAuditLog } from "../audit/write-audit-log.ts";
import { AppError } from "../errors.ts";
import { parseInput } from "../shared/input.ts";
import type { JobDefinitions } from "./job-kinds.ts";
import type { JobQueue } from "./job-queue.ts";

const inputSchema = z.object({ id: z.uuid({ error: "validation.idInvalid" }) });

export async function cancelJob<D extends JobDefinitions>(
  services: { db: Database; jobs: JobQueue<D> },
  actor: Actor,
  input: z.input<typeof inputSchema>,
): Promise<void> {
  requireSuperAdmin(actor);
  const { id } = parseInput(inputSchema, input);
  const job = await services.jobs.get(id);
  if (!job) throw new AppError("not_found", "jobs.notFound");
  if (!(await services.jobs.cancel(job.kind, id))) throw new AppError("conflict", "jobs.alreadyFinished");
  await writeAuditLog(services.db, actor, {
    action: "job.cancel",
    entityType: "job",
    entityId: id,
    before: { kind: job.kind, state: job.state },
    after: { state: "cancelled" },
  });
}
