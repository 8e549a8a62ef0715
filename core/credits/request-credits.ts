// A client admin asks for an offer for the client they act for: a `requested` purchase that a super
// admin confirms once it is paid. Only offers on sale and visible to clients can be asked for.
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import { creditOffers, creditPurchases } from "../../db/schema/credits.ts";
import type { Actor } from "../access/actor.ts";
import { requirePermission } from "../access/permissions.ts";
import { writeAuditLog } from "../audit/write-audit-log.ts";
import { AppError } from "../errors.ts";
import { parseInput } from "../shared/input.ts";
import { requestCreditsSchema } from "./credit-schemas.ts";
import { offerActiveAt } from "./offers.ts";
import { purchaseColumns, type CreditServices, type PurchaseRecord } from "./shared.ts";

export async function requestCredits(
  services: Pick<CreditServices, "db"> & { now: () => Date },
  actor: Actor,
  input: z.input<typeof requestCreditsSchema>,
): Promise<PurchaseRecord & { offerName: string }> {
  const clientId = actor.effectiveClientId;
  if (!clientId) throw new AppError("forbidden", "credits.noClient");
  requirePermission(actor, "credits.request", clientId);
  const data = parseInput(requestCreditsSchema, input);
  return services.db.transaction(async (tx) => {
    const [offer] = await tx
      .select()
      .from(creditOffers)
      .where(
        and(
          eq(creditOffers.id, data.offerId),
          eq(creditOffers.visibleToClients, true),
          offerActiveAt(services.now()),
        ),
      );
    if (!offer) throw new AppError("not_found", "credits.offerNotAvailable");
    const [purchase] = await tx
      .insert(creditPurchases)
      .values({
        clientId,
        offerId: offer.id,
        credits: offer.credits,
        amount: offer.price,
        currency: offer.currency,
        status: "requested",
        requestedBy: actor.profileId,
      })
      .returning(purchaseColumns);
    await writeAuditLog(tx, actor, {
      action: "credits.purchase.request",
      entityType: "credit_purchase",
      entityId: purchase!.id,
      clientId,
      after: { offer: offer.name, credits: offer.credits, amount: offer.price, currency: offer.currency },
    });
    return { ...purchase!, offerName: offer.name };
  });
}
