// Super admins create a credit offer (name, credits, price, sale window, whether clients see it).
import type { z } from "zod";
import { creditOffers } from "../../db/schema/credits.ts";
import type { Actor } from "../access/actor.ts";
import { requireSuperAdmin } from "../access/permissions.ts";
import { writeAuditLog } from "../audit/write-audit-log.ts";
import { parseInput } from "../shared/input.ts";
import { createOfferSchema, priceInMinorUnits } from "./credit-schemas.ts";
import { offerColumns, offerWindow, type OfferRecord } from "./offers.ts";
import type { CreditServices } from "./shared.ts";

export async function createOffer(
  services: Pick<CreditServices, "db">,
  actor: Actor,
  input: z.input<typeof createOfferSchema>,
): Promise<OfferRecord> {
  requireSuperAdmin(actor);
  const data = parseInput(createOfferSchema, input);
  return services.db.transaction(async (tx) => {
    const [offer] = await tx
      .insert(creditOffers)
      .values({
        name: data.name,
        credits: data.credits,
        // Checked by the schema: an amount in range.
        price: priceInMinorUnits(data.price, data.currency)!,
        currency: data.currency,
        ...offerWindow(data.activeFrom, data.activeUntil),
        visibleToClients: data.visibleToClients,
      })
      .returning(offerColumns);
    await writeAuditLog(tx, actor, {
      action: "credits.offer.create",
      entityType: "credit_offer",
      entityId: offer!.id,
      clientId: null,
      after: offer,
    });
    return offer!;
  });
}
