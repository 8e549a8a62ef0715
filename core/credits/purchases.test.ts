// Purchases: record a paid one, confirm or cancel a requested one, refund a paid one, and a client
// admin's request — each with its ledger effect, its audit row and its refusals.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { creditOffers, creditPurchases, creditTransactions } from "../../db/schema/credits.ts";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import {
  actorFor,
  auditRowsFor,
  countRows,
  createScenario,
  expectAppError,
  missingId,
  type Scenario,
} from "../tenancy/tenancy-test-fixtures.ts";
import { cancelPurchase } from "./cancel-purchase.ts";
import { confirmPurchase } from "./confirm-purchase.ts";
import { PURCHASE_STATUSES, LEDGER_KIND_VALUES } from "./credit-schemas.ts";
import { purchaseStatus, creditTransactionKind } from "../../db/schema/credits.ts";
import { recordPurchase } from "./record-purchase.ts";
import { refundPurchase } from "./refund-purchase.ts";
import { requestCredits } from "./request-credits.ts";
import { creditServices, ledgerSum, storedBalance } from "./credit-test-helpers.ts";

describe("credit purchases", () => {
  const database = useTestDatabase();
  let services: ReturnType<typeof creditServices>;
  let s: Scenario;
  let offerId: string;
  let hiddenOfferId: string;
  let endedOfferId: string;

  beforeAll(async () => {
    const { db } = database();
    services = creditServices(db);
    s = await createScenario(db);
    const [offer] = await db
      .insert(creditOffers)
      .values({ name: "Starter", credits: 10_000, price: 4900, currency: "EUR" })
      .returning();
    const [hidden] = await db
      .insert(creditOffers)
      .values({ name: "Private", credits: 5_000, price: 1000, currency: "EUR", visibleToClients: false })
      .returning();
    const [ended] = await db
      .insert(creditOffers)
      .values({
        name: "Old",
        credits: 1,
        price: 1,
        currency: "EUR",
        activeUntil: new Date(Date.now() - 1000),
      })
      .returning();
    offerId = offer!.id;
    hiddenOfferId = hidden!.id;
    endedOfferId = ended!.id;
  });
  afterAll(async () => {
    await services.credits.meter.close();
  });

  it("the status and ledger kinds match the database enums", () => {
    expect([...PURCHASE_STATUSES]).toEqual(purchaseStatus.enumValues);
    expect([...LEDGER_KIND_VALUES]).toEqual(creditTransactionKind.enumValues);
  });

  it("records a paid purchase of an offer: paid, a purchase ledger row, the live balance follows", async () => {
    const { db } = database();
    const admin = actorFor(s.superAdmin);
    expect(await services.credits.meter.balance(s.clientA.id)).toBe(0);
    const purchase = await recordPurchase(services, admin, {
      clientId: s.clientA.id,
      offerId,
      invoiceRef: "INV-1",
    });
    expect(purchase).toMatchObject({
      status: "paid",
      credits: 10_000,
      amount: 4900,
      currency: "EUR",
      balance: 10_000,
    });
    expect(purchase.paidAt).toBeInstanceOf(Date);
    expect(await storedBalance(db, s.clientA.id)).toBe(10_000);
    expect(await ledgerSum(db, s.clientA.id)).toBe(10_000);
    expect(await services.credits.meter.balance(s.clientA.id)).toBe(10_000);
    const [row] = await db
      .select()
      .from(creditTransactions)
      .where(eq(creditTransactions.reference, `purchase:${purchase.id}`));
    expect(row).toMatchObject({ kind: "purchase", delta: 10_000, actorProfileId: s.superAdmin.profileId });
    expect((await auditRowsFor(db, "credits.purchase.record"))[0]).toMatchObject({ entityId: purchase.id });
  });

  it("records a custom purchase: credits and the amount as typed", async () => {
    const purchase = await recordPurchase(services, actorFor(s.superAdmin), {
      clientId: s.clientB.id,
      credits: "2 500",
      price: "12,50",
      currency: "eur",
    });
    expect(purchase).toMatchObject({ offerId: null, credits: 2500, amount: 1250, currency: "EUR" });
  });

  it("refuses a custom purchase without credits or amount, an unknown client or offer, and non-staff", async () => {
    const admin = actorFor(s.superAdmin);
    const refusal = await expectAppError(
      recordPurchase(services, admin, { clientId: s.clientA.id }),
      "invalid_input",
    );
    expect(Object.keys(refusal.fieldErrors).sort()).toEqual(["credits", "price"]);
    await expectAppError(
      recordPurchase(services, admin, { clientId: missingId(), offerId }),
      "not_found",
      "tenancy.clientNotFound",
    );
    await expectAppError(
      recordPurchase(services, admin, { clientId: s.clientA.id, offerId: missingId() }),
      "not_found",
      "credits.offerNotFound",
    );
    await expectAppError(
      recordPurchase(services, actorFor(s.adminA, s.clientA), { clientId: s.clientA.id, offerId }),
      "forbidden",
      "access.superAdminOnly",
    );
  });

  it("a client admin requests an offer for their client; staff confirm it and the balance rises", async () => {
    const { db } = database();
    const requested = await requestCredits(services, actorFor(s.adminB, s.clientB), { offerId });
    expect(requested).toMatchObject({
      status: "requested",
      clientId: s.clientB.id,
      credits: 10_000,
      requestedBy: s.adminB.profileId,
    });
    const before = await storedBalance(db, s.clientB.id);
    const confirmed = await confirmPurchase(services, actorFor(s.superAdmin), {
      purchaseId: requested.id,
      invoiceRef: "INV-B",
    });
    expect(confirmed).toMatchObject({ status: "paid", invoiceRef: "INV-B", balance: before + 10_000 });
    expect(await ledgerSum(db, s.clientB.id)).toBe(before + 10_000);
    // Handled once only.
    await expectAppError(
      confirmPurchase(services, actorFor(s.superAdmin), { purchaseId: requested.id }),
      "conflict",
      "credits.purchaseNotRequested",
    );
    await expectAppError(
      cancelPurchase(services, actorFor(s.superAdmin), { purchaseId: requested.id }),
      "conflict",
      "credits.purchaseNotRequested",
    );
  });

  it("cancels a requested purchase without moving any credits", async () => {
    const { db } = database();
    const requested = await requestCredits(services, actorFor(s.adminA, s.clientA), { offerId });
    const ledgerRows = await countRows(db, creditTransactions);
    const cancelled = await cancelPurchase(services, actorFor(s.superAdmin), { purchaseId: requested.id });
    expect(cancelled.status).toBe("cancelled");
    expect(await countRows(db, creditTransactions)).toBe(ledgerRows);
    await expectAppError(
      refundPurchase(services, actorFor(s.superAdmin), { purchaseId: requested.id }),
      "conflict",
      "credits.purchaseNotPaid",
    );
  });

  it("refunds a paid purchase: refunded, a refund ledger row of minus its credits, once", async () => {
    const { db } = database();
    const admin = actorFor(s.superAdmin);
    const paid = await recordPurchase(services, admin, { clientId: s.clientA.id, credits: 300, price: "3" });
    const before = await storedBalance(db, s.clientA.id);
    const refunded = await refundPurchase(services, admin, { purchaseId: paid.id, reason: "Paid twice" });
    expect(refunded).toMatchObject({ status: "refunded", balance: before - 300 });
    const rows = await db
      .select()
      .from(creditTransactions)
      .where(eq(creditTransactions.reference, `purchase:${paid.id}`));
    expect(rows.map((r) => [r.kind, r.delta]).sort()).toEqual([
      ["purchase", 300],
      ["refund", -300],
    ]);
    expect(await services.credits.meter.balance(s.clientA.id)).toBe(before - 300);
    await expectAppError(
      refundPurchase(services, admin, { purchaseId: paid.id }),
      "conflict",
      "credits.purchaseNotPaid",
    );
    await expectAppError(
      refundPurchase(services, admin, { purchaseId: missingId() }),
      "not_found",
      "credits.purchaseNotFound",
    );
  });

  it("refuses requests by editors and viewers, without a client, and for hidden or ended offers", async () => {
    const { db } = database();
    const purchases = await countRows(db, creditPurchases);
    await expectAppError(requestCredits(services, actorFor(s.editorA, s.clientA), { offerId }), "forbidden");
    await expectAppError(requestCredits(services, actorFor(s.viewerA, s.clientA), { offerId }), "forbidden");
    await expectAppError(
      requestCredits(services, actorFor(s.outsider), { offerId }),
      "forbidden",
      "credits.noClient",
    );
    await expectAppError(
      requestCredits(services, actorFor(s.adminA, s.clientA), { offerId: hiddenOfferId }),
      "not_found",
      "credits.offerNotAvailable",
    );
    await expectAppError(
      requestCredits(services, actorFor(s.adminA, s.clientA), { offerId: endedOfferId }),
      "not_found",
      "credits.offerNotAvailable",
    );
    // An admin of B acting for A (not their client) is refused too.
    await expectAppError(requestCredits(services, actorFor(s.adminB, s.clientA), { offerId }), "forbidden");
    expect(await countRows(db, creditPurchases)).toBe(purchases);
  });

  it("client admins cannot confirm, cancel or refund", async () => {
    const requested = await requestCredits(services, actorFor(s.adminA, s.clientA), { offerId });
    const adminA = actorFor(s.adminA, s.clientA);
    await expectAppError(confirmPurchase(services, adminA, { purchaseId: requested.id }), "forbidden");
    await expectAppError(cancelPurchase(services, adminA, { purchaseId: requested.id }), "forbidden");
    await expectAppError(refundPurchase(services, adminA, { purchaseId: requested.id }), "forbidden");
  });
});
