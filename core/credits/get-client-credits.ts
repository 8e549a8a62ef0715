// The dashboard's credits panel for the client the actor acts for: the live balance (what the API sees),
// the low-balance threshold, the client's open requests and, for those who may ask, the offers on sale.
import { and, asc, desc, eq } from "drizzle-orm";
import { creditBalances, creditOffers, creditPurchases } from "../../db/schema/credits.ts";
import type { Actor } from "../access/actor.ts";
import { can, requirePermission } from "../access/permissions.ts";
import { DEFAULT_LOW_BALANCE_THRESHOLD } from "./list-credit-balances.ts";
import { offerActiveAt } from "./offers.ts";
import type { CreditServices } from "./shared.ts";

export type ClientCredits = {
  balance: number;
  threshold: number;
  low: boolean;
  /** requests not yet confirmed or cancelled, newest first */
  pending: {
    id: string;
    offerName: string | null;
    credits: number;
    amount: number;
    currency: string;
    createdAt: Date;
  }[];
  /** empty unless the actor may request credits */
  offers: { id: string; name: string; credits: number; price: number; currency: string }[];
  canRequest: boolean;
};

export async function getClientCredits(
  services: CreditServices & { now: () => Date },
  actor: Actor,
  clientId: string,
): Promise<ClientCredits> {
  requirePermission(actor, "client.view", clientId);
  const { db } = services;
  const [row] = await db
    .select({ balance: creditBalances.balance, threshold: creditBalances.lowBalanceThreshold })
    .from(creditBalances)
    .where(eq(creditBalances.clientId, clientId));
  const stored = row ? Number(row.balance) : 0;
  // The live balance also counts usage not yet written to the ledger; the ledger's when the meter cannot answer.
  const balance = await services.credits.meter.balance(clientId).catch(() => stored);
  const threshold = row ? Number(row.threshold) : DEFAULT_LOW_BALANCE_THRESHOLD;
  const canRequest = can(actor, "credits.request", clientId);
  const [pending, offers] = await Promise.all([
    db
      .select({
        id: creditPurchases.id,
        offerName: creditOffers.name,
        credits: creditPurchases.credits,
        amount: creditPurchases.amount,
        currency: creditPurchases.currency,
        createdAt: creditPurchases.createdAt,
      })
      .from(creditPurchases)
      .leftJoin(creditOffers, eq(creditOffers.id, creditPurchases.offerId))
      .where(and(eq(creditPurchases.clientId, clientId), eq(creditPurchases.status, "requested")))
      .orderBy(desc(creditPurchases.createdAt))
      .limit(20),
    canRequest
      ? db
          .select({
            id: creditOffers.id,
            name: creditOffers.name,
            credits: creditOffers.credits,
            price: creditOffers.price,
            currency: creditOffers.currency,
          })
          .from(creditOffers)
          .where(and(eq(creditOffers.visibleToClients, true), offerActiveAt(services.now())))
          .orderBy(asc(creditOffers.credits), asc(creditOffers.name))
      : Promise.resolve([]),
  ]);
  return { balance, threshold, low: balance <= threshold, pending, offers, canRequest };
}
