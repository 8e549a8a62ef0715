// Queues an export of one allowed table (or the catalogue) as CSV or JSON. Super admins only; audited.
import type { z } from "zod";
import type { Actor } from "../access/actor.ts";
import { requireSuperAdmin } from "../access/permissions.ts";
import { isSystemActor } from "../access/system-actor.ts";
import { writeAuditLog } from "../audit/write-audit-log.ts";
import { parseInput } from "../shared/input.ts";
import { exportSchema } from "./tool-schemas.ts";
import type { ToolServices } from "./tool-services.ts";

export async function startExport(
  services: ToolServices,
  actor: Actor,
  input: z.input<typeof exportSchema>,
): Promise<{ jobId: string }> {
  requireSuperAdmin(actor);
  const { table, format } = parseInput(exportSchema, input);
  const jobId = await services.jobs.enqueue("export-data", {
    table,
    format,
    requestedBy: isSystemActor(actor) ? null : actor.profileId,
  });
  await writeAuditLog(services.db, actor, {
    action: "tools.export.start",
    entityType: "job",
    entityId: jobId,
    clientId: null,
    after: { table, format },
  });
  return { jobId };
}
