// Super admins remove an offer. One that purchases refer to is kept for their history and deactivated
// instead: hidden from clients and ended now.
import { count, eq } from "drizzle-orm";
import type { z } from "zod";
import { creditOffers, creditPurchases } from "../../db/schema/credits.ts";
import type { Actor } from "../access/actor.ts";
import { requireSuperAdmin } from "../access/permissions.ts";
import { writeAuditLog } from "../audit/write-audit-log.ts";
import { AppError } from "../errors.ts";
import { parseInput } from "../shared/input.ts";
import { deleteOfferSchema } from "./credit-schemas.ts";
import { offerColumns } from "./offers.ts";
import type { CreditServices } from "./shared.ts";

export async function deleteOffer(
  services: Pick<CreditServices, "db">,
  actor: Actor,
  input: z.input<typeof deleteOfferSchema>,
): Promise<{ offerId: string; name: string; outcome: "deleted" | "deactivated" }> {
  requireSuperAdmin(actor);
  const { offerId } = parseInput(deleteOfferSchema, input);
  return services.db.transaction(async (tx) => {
    const [current] = await tx
      .select(offerColumns)
      .from(creditOffers)
      .where(eq(creditOffers.id, offerId))
      .for("update");
    if (!current) throw new AppError("not_found", "credits.offerNotFound");
    const [used] = await tx
      .select({ n: count() })
      .from(creditPurchases)
      .where(eq(creditPurchases.offerId, offerId));
    if ((used?.n ?? 0) > 0) {
      const now = new Date();
      const activeUntil = current.activeUntil && current.activeUntil < now ? current.activeUntil : now;
      await tx
        .update(creditOffers)
        .set({ visibleToClients: false, activeUntil })
        .where(eq(creditOffers.id, offerId));
      await writeAuditLog(tx, actor, {
        action: "credits.offer.deactivate",
        entityType: "credit_offer",
        entityId: offerId,
        clientId: null,
        before: { visibleToClients: current.visibleToClients, activeUntil: current.activeUntil },
        after: { visibleToClients: false, activeUntil },
      });
      return { offerId, name: current.name, outcome: "deactivated" as const };
    }
    await tx.delete(creditOffers).where(eq(creditOffers.id, offerId));
    await writeAuditLog(tx, actor, {
      action: "credits.offer.delete",
      entityType: "credit_offer",
      entityId: offerId,
      clientId: null,
      before: current,
    });
    return { offerId, name: current.name, outcome: "deleted" as const };
  });
}
