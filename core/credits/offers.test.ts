// Offers: create, edit, list with their state, delete (or deactivate once bought); the cost per operation.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { creditCosts, creditOffers } from "../../db/schema/credits.ts";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import {
  actorFor,
  auditRowsFor,
  createScenario,
  expectAppError,
  missingId,
  type Scenario,
} from "../tenancy/tenancy-test-fixtures.ts";
import { createOffer } from "./create-offer.ts";
import { deleteOffer } from "./delete-offer.ts";
import { getClientCredits } from "./get-client-credits.ts";
import { listCreditCosts } from "./list-credit-costs.ts";
import { listCreditOffers } from "./list-credit-offers.ts";
import { recordPurchase } from "./record-purchase.ts";
import { setCreditCost } from "./set-credit-cost.ts";
import { creditServices } from "./credit-test-helpers.ts";
import { updateOffer } from "./update-offer.ts";

describe("credit offers and costs", () => {
  const database = useTestDatabase();
  let services: ReturnType<typeof creditServices>;
  let s: Scenario;

  beforeAll(async () => {
    services = creditServices(database().db);
    s = await createScenario(database().db);
  });
  afterAll(async () => {
    await services.credits.meter.close();
  });

  it("creates an offer from what people type, edits it, and lists it with its state", async () => {
    const admin = actorFor(s.superAdmin);
    const offer = await createOffer(services, admin, {
      name: " Growth ",
      credits: "100,000",
      price: "349",
      currency: "EUR",
      visibleToClients: "on",
    });
    expect(offer).toMatchObject({
      name: "Growth",
      credits: 100_000,
      price: 34_900,
      visibleToClients: true,
      activeFrom: null,
    });
    const edited = await updateOffer(services, admin, {
      offerId: offer.id,
      name: "Growth",
      credits: 120_000,
      price: "399.50",
      currency: "EUR",
      activeFrom: "2020-01-01",
      activeUntil: "2020-12-31",
    });
    expect(edited).toMatchObject({ credits: 120_000, price: 39_950, visibleToClients: false });
    expect(edited.activeFrom?.toISOString()).toBe("2020-01-01T00:00:00.000Z");
    // The last day is included: the window ends at the start of the next.
    expect(edited.activeUntil?.toISOString()).toBe("2021-01-01T00:00:00.000Z");
    const ended = await listCreditOffers(services, admin, { state: "ended" });
    expect(ended.rows).toEqual([expect.objectContaining({ id: offer.id, state: "ended", purchases: 0 })]);
    expect(
      (await listCreditOffers(services, admin, { state: "active" })).rows.map((r) => r.id),
    ).not.toContain(offer.id);
    expect((await auditRowsFor(database().db, "credits.offer.update"))[0]).toMatchObject({
      entityId: offer.id,
    });
  });

  it("refuses bad offers and non-staff", async () => {
    const admin = actorFor(s.superAdmin);
    const bad = await expectAppError(
      createOffer(services, admin, {
        name: "",
        credits: 0,
        price: "abc",
        currency: "XX",
        activeFrom: "2026-02-01",
        activeUntil: "2026-01-01",
      }),
      "invalid_input",
    );
    expect(Object.keys(bad.fieldErrors).sort()).toEqual(
      ["activeUntil", "credits", "currency", "name", "price"].sort(),
    );
    const price = await expectAppError(
      createOffer(services, admin, { name: "X", credits: 1, price: "abc" }),
      "invalid_input",
    );
    expect(price.fieldErrors.price).toBe("studio.credits.validation.price");
    await expectAppError(
      createOffer(services, actorFor(s.adminA, s.clientA), { name: "X", credits: 1, price: "1" }),
      "forbidden",
    );
    await expectAppError(
      updateOffer(services, admin, { offerId: missingId(), name: "X", credits: 1, price: "1" }),
      "not_found",
      "credits.offerNotFound",
    );
  });

  it("deletes an offer nobody bought; deactivates one that was bought", async () => {
    const { db } = database();
    const admin = actorFor(s.superAdmin);
    const unused = await createOffer(services, admin, {
      name: "Unused",
      credits: 1,
      price: "1",
      visibleToClients: "true",
    });
    expect(await deleteOffer(services, admin, { offerId: unused.id })).toMatchObject({ outcome: "deleted" });
    expect(await db.select().from(creditOffers).where(eq(creditOffers.id, unused.id))).toEqual([]);

    const used = await createOffer(services, admin, {
      name: "Used",
      credits: 10,
      price: "1",
      visibleToClients: "true",
    });
    await recordPurchase(services, admin, { clientId: s.clientA.id, offerId: used.id });
    const listed = await listCreditOffers(services, admin, { search: "Used" });
    expect(listed.rows).toEqual([expect.objectContaining({ id: used.id, purchases: 1 })]);
    expect(await deleteOffer(services, admin, { offerId: used.id })).toMatchObject({
      outcome: "deactivated",
    });
    const [kept] = await db.select().from(creditOffers).where(eq(creditOffers.id, used.id));
    expect(kept!.visibleToClients).toBe(false);
    expect(kept!.activeUntil!.getTime()).toBeLessThanOrEqual(Date.now());
    await expectAppError(deleteOffer(services, admin, { offerId: missingId() }), "not_found");
    await expectAppError(
      deleteOffer(services, actorFor(s.adminA, s.clientA), { offerId: used.id }),
      "forbidden",
    );
  });

  it("the dashboard panel: balance, threshold, pending requests, offers only for those who may ask", async () => {
    const admin = actorFor(s.superAdmin);
    const offer = await createOffer(services, admin, {
      name: "Visible",
      credits: 500,
      price: "5",
      visibleToClients: "true",
    });
    const forAdmin = await getClientCredits(services, actorFor(s.adminA, s.clientA), s.clientA.id);
    expect(forAdmin).toMatchObject({ balance: 10, threshold: 1000, low: true, canRequest: true });
    expect(forAdmin.offers.map((o) => o.id)).toContain(offer.id);
    const forViewer = await getClientCredits(services, actorFor(s.viewerA, s.clientA), s.clientA.id);
    expect(forViewer).toMatchObject({ canRequest: false, offers: [] });
    await expectAppError(
      getClientCredits(services, actorFor(s.adminB, s.clientB), s.clientA.id),
      "forbidden",
    );
  });

  it("sets the cost of an operation, within 0–1000, and the cost cache follows", async () => {
    const { db } = database();
    const admin = actorFor(s.superAdmin);
    expect(await services.credits.costs.costOf("listShowtimes")).toBe(1);
    await setCreditCost(services, admin, { operation: "listShowtimes", credits: "5" });
    expect(await services.credits.costs.costOf("listShowtimes")).toBe(5);
    const [row] = await db.select().from(creditCosts).where(eq(creditCosts.endpoint, "listShowtimes"));
    expect(row!.credits).toBe(5);
    const costs = await listCreditCosts(services, admin);
    expect(costs.find((c) => c.operation === "listShowtimes")).toMatchObject({
      credits: 5,
      defaultCost: 1,
      set: true,
    });
    expect(costs.find((c) => c.operation === "getUsage")).toMatchObject({ credits: 0, set: false });
    await expectAppError(
      setCreditCost(services, admin, { operation: "listShowtimes", credits: 1001 }),
      "invalid_input",
    );
    await expectAppError(
      setCreditCost(services, admin, { operation: "dropTables", credits: 1 }),
      "invalid_input",
    );
    await expectAppError(
      setCreditCost(services, actorFor(s.adminA, s.clientA), { operation: "getMovie", credits: 1 }),
      "forbidden",
    );
    await expectAppError(listCreditCosts(services, actorFor(s.adminA, s.clientA)), "forbidden");
  });
});
