// Super admins confirm a purchase a client requested, once it has been paid: `paid`, and its credits
// as a `purchase` ledger row, in one transaction.
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { creditPurchases } from "../../db/schema/credits.ts";
import type { Actor } from "../access/actor.ts";
import { requireSuperAdmin } from "../access/permissions.ts";
import { writeAuditLog } from "../audit/write-audit-log.ts";
import { AppError } from "../errors.ts";
import { parseInput } from "../shared/input.ts";
import { confirmPurchaseSchema } from "./credit-schemas.ts";
import { appendLedgerEntry } from "./ledger.ts";
import {
  followLedger,
  lockPurchase,
  purchaseColumns,
  purchaseReference,
  type CreditServices,
  type PurchaseRecord,
} from "./shared.ts";

export async function confirmPurchase(
  services: CreditServices,
  actor: Actor,
  input: z.input<typeof confirmPurchaseSchema>,
): Promise<PurchaseRecord & { balance: number }> {
  requireSuperAdmin(actor);
  const data = parseInput(confirmPurchaseSchema, input);
  const result = await services.db.transaction(async (tx) => {
    const current = await lockPurchase(tx, data.purchaseId);
    if (current.status !== "requested") throw new AppError("conflict", "credits.purchaseNotRequested");
    const [purchase] = await tx
      .update(creditPurchases)
      .set({
        status: "paid",
        paidAt: new Date(),
        recordedBy: actor.profileId,
        invoiceRef: data.invoiceRef || current.invoiceRef,
      })
      .where(eq(creditPurchases.id, current.id))
      .returning(purchaseColumns);
    const { balance } = await appendLedgerEntry(tx, {
      clientId: current.clientId,
      delta: current.credits,
      kind: "purchase",
      reference: purchaseReference(current.id),
      actorProfileId: actor.profileId,
    });
    await writeAuditLog(tx, actor, {
      action: "credits.purchase.confirm",
      entityType: "credit_purchase",
      entityId: current.id,
      clientId: current.clientId,
      before: { status: current.status },
      after: { status: "paid", invoiceRef: purchase!.invoiceRef, credits: current.credits, balance },
    });
    return { ...purchase!, balance };
  });
  await followLedger(services, result.clientId, result.credits);
  return result;
}
