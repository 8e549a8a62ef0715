// Queues the rebuild of the search (trigram) indexes, once the word was typed. Super admins only; audited.
import type { z } from "zod";
import type { Actor } from "../access/actor.ts";
import { requireSuperAdmin } from "../access/permissions.ts";
import { isSystemActor } from "../access/system-actor.ts";
import { writeAuditLog } from "../audit/write-audit-log.ts";
import { parseInput } from "../shared/input.ts";
import { reindexSchema } from "./tool-schemas.ts";
import type { ToolServices } from "./tool-services.ts";

export async function startReindex(
  services: ToolServices,
  actor: Actor,
  input: z.input<typeof reindexSchema>,
): Promise<{ jobId: string }> {
  requireSuperAdmin(actor);
  parseInput(reindexSchema, input);
  const jobId = await services.jobs.enqueue("reindex-search", {
    requestedBy: isSystemActor(actor) ? null : actor.profileId,
  });
  await writeAuditLog(services.db, actor, {
    action: "tools.reindex.start",
    entityType: "job",
    entityId: jobId,
    clientId: null,
  });
  return { jobId };
}
