// Queues matching again for the unlinked scheduled showtimes. Super admins only; audited.
import type { Actor } from "../access/actor.ts";
import { requireSuperAdmin } from "../access/permissions.ts";
import { isSystemActor } from "../access/system-actor.ts";
import { writeAuditLog } from "../audit/write-audit-log.ts";
import type { ToolServices } from "./tool-services.ts";

export async function startRematch(services: ToolServices, actor: Actor): Promise<{ jobId: string }> {
  requireSuperAdmin(actor);
  const jobId = await services.jobs.enqueue("rematch-showtimes", {
    requestedBy: isSystemActor(actor) ? null : actor.profileId,
  });
  await writeAuditLog(services.db, actor, {
    action: "tools.rematch.start",
    entityType: "job",
    entityId: jobId,
    clientId: null,
  });
  return { jobId };
}
