// Queues a purge of the showtimes older than the chosen number of days (the nightly job's kind), once
// the word was typed. Super admins only; audited.
import type { z } from "zod";
import type { Actor } from "../access/actor.ts";
import { requireSuperAdmin } from "../access/permissions.ts";
import { writeAuditLog } from "../audit/write-audit-log.ts";
import { parseInput } from "../shared/input.ts";
import { purgeSchema } from "./tool-schemas.ts";
import type { ToolServices } from "./tool-services.ts";

export async function startPurge(
  services: ToolServices,
  actor: Actor,
  input: z.input<typeof purgeSchema>,
): Promise<{ jobId: string }> {
  requireSuperAdmin(actor);
  const { olderThanDays } = parseInput(purgeSchema, input);
  const jobId = await services.jobs.enqueue("purge-old-showtimes", { olderThanDays });
  await writeAuditLog(services.db, actor, {
    action: "tools.purge.start",
    entityType: "job",
    entityId: jobId,
    clientId: null,
    after: { olderThanDays },
  });
  return { jobId };
}
