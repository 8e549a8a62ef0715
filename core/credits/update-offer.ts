// Super admins edit an offer. Purchases keep the credits and price they were made at (copied on the purchase).
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { creditOffers } from "../../db/schema/credits.ts";
import type { Actor } from "../access/actor.ts";
import { requireSuperAdmin } from "../access/permissions.ts";
import { writeAuditLog } from "../audit/write-audit-log.ts";
import { AppError } from "../errors.ts";
import { parseInput } from "../shared/input.ts";
import { priceInMinorUnits, updateOfferSchema } from "./credit-schemas.ts";
import { offerColumns, offerWindow, type OfferRecord } from "./offers.ts";
import type { CreditServices } from "./shared.ts";

export async function updateOffer(
  services: Pick<CreditServices, "db">,
  actor: Actor,
  input: z.input<typeof updateOfferSchema>,
): Promise<OfferRecord> {
  requireSuperAdmin(actor);
  const { offerId, ...data } = parseInput(updateOfferSchema, input);
  return services.db.transaction(async (tx) => {
    const [current] = await tx
      .select(offerColumns)
      .from(creditOffers)
      .where(eq(creditOffers.id, offerId))
      .for("update");
    if (!current) throw new AppError("not_found", "credits.offerNotFound");
    const [offer] = await tx
      .update(creditOffers)
      .set({
        name: data.name,
        credits: data.credits,
        // Checked by the schema: an amount in range.
        price: priceInMinorUnits(data.price, data.currency)!,
        currency: data.currency,
        ...offerWindow(data.activeFrom, data.activeUntil),
        visibleToClients: data.visibleToClients,
      })
      .where(eq(creditOffers.id, offerId))
      .returning(offerColumns);
    await writeAuditLog(tx, actor, {
      action: "credits.offer.update",
      entityType: "credit_offer",
      entityId: offerId,
      clientId: null,
      before: current,
      after: offer,
    });
    return offer!;
  });
}
