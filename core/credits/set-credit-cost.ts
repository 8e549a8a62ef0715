// Super admins set what one call of an API operation costs (0–1000 credits). The cost cache of this
// instance forgets at once; other instances within its time to live.
import { sql } from "drizzle-orm";
import type { z } from "zod";
import { creditCosts } from "../../db/schema/credits.ts";
import type { Actor } from "../access/actor.ts";
import { requireSuperAdmin } from "../access/permissions.ts";
import { API_OPERATIONS } from "../api/operations.ts";
import { writeAuditLog } from "../audit/write-audit-log.ts";
import { parseInput } from "../shared/input.ts";
import { setCreditCostSchema } from "./credit-schemas.ts";
import type { CreditServices } from "./shared.ts";

export async function setCreditCost(
  services: CreditServices,
  actor: Actor,
  /** the operation id as it arrives (checked against the known operations) */
  input: Omit<z.input<typeof setCreditCostSchema>, "operation"> & { operation: string },
) {
  requireSuperAdmin(actor);
  const data = parseInput(setCreditCostSchema, input);
  const result = await services.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ credits: creditCosts.credits })
      .from(creditCosts)
      .where(sql`${creditCosts.endpoint} = ${data.operation}`)
      .for("update");
    await tx
      .insert(creditCosts)
      .values({ endpoint: data.operation, credits: data.credits })
      .onConflictDoUpdate({
        target: creditCosts.endpoint,
        set: { credits: data.credits, updatedAt: sql`now()` },
      });
    await writeAuditLog(tx, actor, {
      action: "credits.cost.set",
      entityType: "credit_cost",
      entityId: data.operation,
      clientId: null,
      before: { credits: before?.credits ?? API_OPERATIONS[data.operation].defaultCost },
      after: { credits: data.credits },
    });
    return { operation: data.operation, credits: data.credits };
  });
  services.credits.costs.invalidate();
  return result;
}
