// Queues VACUUM (ANALYZE) or ANALYZE of one table or of all. Super admins only; audited.
import type { z } from "zod";
import type { Actor } from "../access/actor.ts";
import { requireSuperAdmin } from "../access/permissions.ts";
import { writeAuditLog } from "../audit/write-audit-log.ts";
import { AppError } from "../errors.ts";
import { messageRef } from "../i18n/message-ref.ts";
import { parseInput } from "../shared/input.ts";
import { listTableNames } from "./read-table-sizes.ts";
import { maintenanceSchema } from "./tool-schemas.ts";
import type { ToolServices } from "./tool-services.ts";

export async function startMaintenance(
  services: ToolServices,
  actor: Actor,
  input: z.input<typeof maintenanceSchema>,
): Promise<{ jobId: string }> {
  requireSuperAdmin(actor);
  const { operation, table } = parseInput(maintenanceSchema, input);
  if (table !== null && !(await listTableNames(services.db)).includes(table))
    throw new AppError("invalid_input", "tools.unknownTable", {
      fieldErrors: { table: messageRef("validation.choiceInvalid") },
    });
  const jobId = await services.jobs.enqueue("db-maintenance", { operation, table });
  await writeAuditLog(services.db, actor, {
    action: "tools.maintenance.start",
    entityType: "job",
    entityId: jobId,
    clientId: null,
    after: { operation, table },
  });
  return { jobId };
}
