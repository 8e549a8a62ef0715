import { describe, expect, it } from "vitest";
import { creditCosts, creditOffers } from "../../db/schema/credits.ts";
import { DEMO_CLIENT, seedDemoAccounts } from "../../db/seed/seed-demo-accounts.ts";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import { API_OPERATION_IDS } from "../api/operations.ts";
import { listCreditBalances } from "./list-credit-balances.ts";
import { DEMO_CLIENT_CREDITS, DEMO_LOW_BALANCE_THRESHOLD, seedDemoCredits } from "./seed-demo-credits.ts";
import { balancesAndLedgerSums } from "./credit-test-helpers.ts";
import { actorFor, createPerson } from "../tenancy/tenancy-test-fixtures.ts";

describe("seedDemoCredits", () => {
  const database = useTestDatabase();

  it("seeds every operation's cost, three offers and the demo client's paid credits", async () => {
    const { db } = database();
    await seedDemoAccounts(db);
    expect(await seedDemoCredits(db)).toEqual({ offers: 3, clientCredits: DEMO_CLIENT_CREDITS });
    expect((await db.select().from(creditCosts)).map((c) => c.endpoint).sort()).toEqual(
      [...API_OPERATION_IDS].sort(),
    );
    expect((await db.select().from(creditOffers)).map((o) => o.name).sort()).toEqual([
      "Growth",
      "Scale",
      "Starter",
    ]);
    const admin = actorFor(await createPerson(db, { isSuperAdmin: true }));
    const page = await listCreditBalances({ db }, admin, { search: DEMO_CLIENT.slug });
    expect(page.rows).toEqual([
      expect.objectContaining({
        balance: DEMO_CLIENT_CREDITS,
        threshold: DEMO_LOW_BALANCE_THRESHOLD,
        low: false,
      }),
    ]);
    const { balances } = await balancesAndLedgerSums(db);
    for (const row of balances) expect(row.balance).toBe(row.sum);
  });
});
