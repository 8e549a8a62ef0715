import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { creditCosts } from "../../db/schema/credits.ts";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import { API_OPERATIONS } from "../api/operations.ts";
import { createCreditCosts } from "./costs.ts";

describe("createCreditCosts", () => {
  const database = useTestDatabase();

  it("answers the credit_costs row, else the operation's default; cached until invalidated or expired", async () => {
    const { db } = database();
    let clock = 1_000;
    const costs = createCreditCosts({ db, ttlMs: 10_000, now: () => clock });
    expect(await costs.costOf("listShowtimes")).toBe(API_OPERATIONS.listShowtimes.defaultCost);
    expect(await costs.costOf("getUsage")).toBe(0);

    await db.insert(creditCosts).values({ endpoint: "listShowtimes", credits: 7 });
    // Still the cached answer…
    expect(await costs.costOf("listShowtimes")).toBe(1);
    // …until the edit invalidates it.
    costs.invalidate();
    expect(await costs.costOf("listShowtimes")).toBe(7);

    // Another instance's edit: seen once the cache expires.
    await db.update(creditCosts).set({ credits: 3 }).where(eq(creditCosts.endpoint, "listShowtimes"));
    expect(await costs.costOf("listShowtimes")).toBe(7);
    clock += 10_000;
    expect(await costs.costOf("listShowtimes")).toBe(3);
  });

  it("ignores rows for operations that no longer exist", async () => {
    const { db } = database();
    await db.insert(creditCosts).values({ endpoint: "retiredOperation", credits: 9 });
    const costs = createCreditCosts({ db });
    expect(await costs.costOf("getMovie")).toBe(API_OPERATIONS.getMovie.defaultCost);
  });
});
