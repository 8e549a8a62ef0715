// Credits for a new demo database: a cost row for every API operation, three offers, and the demo
// client's first 10,000 credits as a recorded paid purchase (a ledger row), with a low-balance threshold.
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { creditBalances, creditCosts, creditOffers, creditPurchases } from "../../db/schema/credits.ts";
import { clients } from "../../db/schema/tenancy.ts";
import { DEMO_CLIENT } from "../../db/seed/seed-demo-accounts.ts";
import { API_OPERATION_IDS, API_OPERATIONS } from "../api/operations.ts";
import { appendLedgerEntry } from "./ledger.ts";
import { purchaseReference } from "./shared.ts";

export const DEMO_OFFERS = [
  { name: "Starter", credits: 10_000, price: 4_900, currency: "EUR" },
  { name: "Growth", credits: 100_000, price: 34_900, currency: "EUR" },
  { name: "Scale", credits: 1_000_000, price: 249_000, currency: "EUR" },
] as const;

export const DEMO_CLIENT_CREDITS = 10_000;
export const DEMO_LOW_BALANCE_THRESHOLD = 2_000;

export async function seedDemoCredits(db: Database, options: { clientSlug?: string } = {}) {
  return db.transaction(async (tx) => {
    await tx
      .insert(creditCosts)
      .values(
        API_OPERATION_IDS.map((operation) => ({
          endpoint: operation,
          credits: API_OPERATIONS[operation].defaultCost,
        })),
      )
      .onConflictDoNothing();
    const offers = await tx
      .insert(creditOffers)
      .values([...DEMO_OFFERS])
      .returning({ id: creditOffers.id, name: creditOffers.name });
    const [client] = await tx
      .select({ id: clients.uuid })
      .from(clients)
      .where(eq(clients.slug, options.clientSlug ?? DEMO_CLIENT.slug));
    if (!client) return { offers: offers.length, clientCredits: 0 };
    const starter = offers.find((o) => o.name === "Starter")!;
    const [purchase] = await tx
      .insert(creditPurchases)
      .values({
        clientId: client.id,
        offerId: starter.id,
        credits: DEMO_CLIENT_CREDITS,
        amount: DEMO_OFFERS[0].price,
        currency: DEMO_OFFERS[0].currency,
        status: "paid",
        invoiceRef: "DEMO-0001",
        paidAt: new Date(),
      })
      .returning({ id: creditPurchases.id });
    await appendLedgerEntry(tx, {
      clientId: client.id,
      delta: DEMO_CLIENT_CREDITS,
      kind: "purchase",
      reference: purchaseReference(purchase!.id),
      reason: "Demo credits",
    });
    await tx
      .update(creditBalances)
      .set({ lowBalanceThreshold: DEMO_LOW_BALANCE_THRESHOLD })
      .where(eq(creditBalances.clientId, client.id));
    return { offers: offers.length, clientCredits: DEMO_CLIENT_CREDITS };
  });
}
