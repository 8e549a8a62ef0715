// Super admins cancel a requested purchase (never paid): no credits move.
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { creditPurchases } from "../../db/schema/credits.ts";
import type { Actor } from "../access/actor.ts";
import { requireSuperAdmin } from "../access/permissions.ts";
import { writeAuditLog } from "../audit/write-audit-log.ts";
import { AppError } from "../errors.ts";
import { parseInput } from "../shared/input.ts";
import { cancelPurchaseSchema } from "./credit-schemas.ts";
import { lockPurchase, purchaseColumns, type CreditServices, type PurchaseRecord } from "./shared.ts";

export async function cancelPurchase(
  services: CreditServices,
  actor: Actor,
  input: z.input<typeof cancelPurchaseSchema>,
): Promise<PurchaseRecord> {
  requireSuperAdmin(actor);
  const data = parseInput(cancelPurchaseSchema, input);
  return services.db.transaction(async (tx) => {
    const current = await lockPurchase(tx, data.purchaseId);
    if (current.status !== "requested") throw new AppError("conflict", "credits.purchaseNotRequested");
    const [purchase] = await tx
      .update(creditPurchases)
      .set({ status: "cancelled", recordedBy: actor.profileId })
      .where(eq(creditPurchases.id, current.id))
      .returning(purchaseColumns);
    await writeAuditLog(tx, actor, {
      action: "credits.purchase.cancel",
      entityType: "credit_purchase",
      entityId: current.id,
      clientId: current.clientId,
      before: { status: current.status },
      after: { status: "cancelled" },
    });
    return purchase!;
  });
}
