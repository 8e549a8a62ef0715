// Super admins record a purchase that has been paid (an offer, or credits and an amount of their own):
// the purchase as `paid` and its credits as a `purchase` ledger row, in one transaction.
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { creditOffers, creditPurchases } from "../../db/schema/credits.ts";
import type { Actor } from "../access/actor.ts";
import { requireSuperAdmin } from "../access/permissions.ts";
import { writeAuditLog } from "../audit/write-audit-log.ts";
import { AppError } from "../errors.ts";
import { parseInput } from "../shared/input.ts";
import { priceInMinorUnits, recordPurchaseSchema } from "./credit-schemas.ts";
import { appendLedgerEntry } from "./ledger.ts";
import {
  followLedger,
  purchaseColumns,
  purchaseReference,
  requireClient,
  type CreditServices,
  type PurchaseRecord,
} from "./shared.ts";

export type RecordPurchaseInput = z.input<typeof recordPurchaseSchema>;

export async function recordPurchase(
  services: CreditServices,
  actor: Actor,
  input: RecordPurchaseInput,
): Promise<PurchaseRecord & { balance: number }> {
  requireSuperAdmin(actor);
  const data = parseInput(recordPurchaseSchema, input);
  const result = await services.db.transaction(async (tx) => {
    await requireClient(tx, data.clientId);
    let terms: { offerId: string | null; credits: number; amount: number; currency: string };
    if (data.offerId) {
      // Staff may record any offer, also one clients no longer see: it was sold.
      const [offer] = await tx.select().from(creditOffers).where(eq(creditOffers.id, data.offerId));
      if (!offer) throw new AppError("not_found", "credits.offerNotFound");
      terms = { offerId: offer.id, credits: offer.credits, amount: offer.price, currency: offer.currency };
    } else {
      // Checked by the schema: without an offer, credits and an amount in range.
      const amount = priceInMinorUnits(data.price ?? "", data.currency)!;
      terms = { offerId: null, credits: data.credits!, amount, currency: data.currency };
    }
    const [purchase] = await tx
      .insert(creditPurchases)
      .values({
        clientId: data.clientId,
        ...terms,
        status: "paid",
        invoiceRef: data.invoiceRef || null,
        recordedBy: actor.profileId,
        paidAt: new Date(),
      })
      .returning(purchaseColumns);
    const { balance } = await appendLedgerEntry(tx, {
      clientId: data.clientId,
      delta: purchase!.credits,
      kind: "purchase",
      reference: purchaseReference(purchase!.id),
      actorProfileId: actor.profileId,
    });
    await writeAuditLog(tx, actor, {
      action: "credits.purchase.record",
      entityType: "credit_purchase",
      entityId: purchase!.id,
      clientId: data.clientId,
      after: { ...terms, status: "paid", invoiceRef: purchase!.invoiceRef, balance },
    });
    return { ...purchase!, balance };
  });
  await followLedger(services, result.clientId, result.credits);
  return result;
}
