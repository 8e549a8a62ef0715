// What the credits operations share: the services they need, the live-balance follow-up after a ledger
// write, and the purchase record as the studio sees it.
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { creditPurchases } from "../../db/schema/credits.ts";
import { clients } from "../../db/schema/tenancy.ts";
import { AppError } from "../errors.ts";
import type { AppServices } from "../services.ts";
import type { PurchaseStatus } from "./credit-schemas.ts";

export type CreditServices = Pick<AppServices, "db" | "credits">;

/**
 * After the ledger row has committed: the meter's live balance follows at once. If that fails (Redis
 * unreachable), the meter's next recomputation from the database catches up; the ledger is already right.
 */
export async function followLedger(services: CreditServices, clientId: string, delta: number) {
  await services.credits.meter.applyLedgerDelta(clientId, delta).catch(() => {});
}

export type PurchaseRecord = {
  id: string;
  clientId: string;
  offerId: string | null;
  credits: number;
  amount: number;
  currency: string;
  status: PurchaseStatus;
  invoiceRef: string | null;
  requestedBy: string | null;
  recordedBy: string | null;
  paidAt: Date | null;
  createdAt: Date;
};

export const purchaseColumns = {
  id: creditPurchases.id,
  clientId: creditPurchases.clientId,
  offerId: creditPurchases.offerId,
  credits: creditPurchases.credits,
  amount: creditPurchases.amount,
  currency: creditPurchases.currency,
  status: creditPurchases.status,
  invoiceRef: creditPurchases.invoiceRef,
  requestedBy: creditPurchases.requestedBy,
  recordedBy: creditPurchases.recordedBy,
  paidAt: creditPurchases.paidAt,
  createdAt: creditPurchases.createdAt,
};

/** The ledger reference of a purchase's rows. */
export const purchaseReference = (purchaseId: string) => `purchase:${purchaseId}`;

/** The purchase, locked for the rest of the transaction; not found is a 404. */
export async function lockPurchase(tx: Database, purchaseId: string): Promise<PurchaseRecord> {
  const [row] = await tx
    .select(purchaseColumns)
    .from(creditPurchases)
    .where(eq(creditPurchases.id, purchaseId))
    .for("update");
  if (!row) throw new AppError("not_found", "credits.purchaseNotFound");
  return row;
}

export async function requireClient(db: Database, clientId: string): Promise<{ id: string; name: string }> {
  const [client] = await db
    .select({ id: clients.uuid, name: clients.name })
    .from(clients)
    .where(eq(clients.uuid, clientId));
  if (!client) throw new AppError("not_found", "tenancy.clientNotFound");
  return client;
}
