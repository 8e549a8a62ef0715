// Super admins refund a paid purchase: `refunded`, and its credits taken back as a `refund` ledger row
// (the balance may go below zero when the client has already spent them).
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { creditPurchases } from "../../db/schema/credits.ts";
import type { Actor } from "../access/actor.ts";
import { requireSuperAdmin } from "../access/permissions.ts";
import { writeAuditLog } from "../audit/write-audit-log.ts";
import { AppError } from "../errors.ts";
import { parseInput } from "../shared/input.ts";
import { refundPurchaseSchema } from "./credit-schemas.ts";
import { appendLedgerEntry } from "./ledger.ts";
import {
  followLedger,
  lockPurchase,
  purchaseColumns,
  purchaseReference,
  type CreditServices,
  type PurchaseRecord,
} from "./shared.ts";

export async function refundPurchase(
  services: CreditServices,
  actor: Actor,
  input: z.input<typeof refundPurchaseSchema>,
): Promise<PurchaseRecord & { balance: number }> {
  requireSuperAdmin(actor);
  const data = parseInput(refundPurchaseSchema, input);
  const result = await services.db.transaction(async (tx) => {
    const current = await lockPurchase(tx, data.purchaseId);
    if (current.status !== "paid") throw new AppError("conflict", "credits.purchaseNotPaid");
    const [purchase] = await tx
      .update(creditPurchases)
      .set({ status: "refunded" })
      .where(eq(creditPurchases.id, current.id))
      .returning(purchaseColumns);
    const { balance } = await appendLedgerEntry(tx, {
      clientId: current.clientId,
      delta: -current.credits,
      kind: "refund",
      reference: purchaseReference(current.id),
      actorProfileId: actor.profileId,
      reason: data.reason || null,
    });
    await writeAuditLog(tx, actor, {
      action: "credits.purchase.refund",
      entityType: "credit_purchase",
      entityId: current.id,
      clientId: current.clientId,
      before: { status: current.status },
      after: { status: "refunded", credits: -current.credits, reason: data.reason || null, balance },
    });
    return { ...purchase!, balance };
  });
  await followLedger(services, result.clientId, -result.credits);
  return result;
}
