import { beforeAll, describe, expect, it } from "vitest";
import { API_FIXTURE_NOW, seedApiFixtures } from "../../../tests/helpers/api-fixtures.ts";
import { useTestDatabase } from "../../../tests/helpers/test-db.ts";
import { listChains } from "./list-chains.ts";

describe("listChains", () => {
  const db = useTestDatabase();
  const services = () => ({ db: db().db });

  beforeAll(async () => {
    await seedApiFixtures(db(), API_FIXTURE_NOW, 1);
  });

  it("lists chains with cinemas in the granted countries, counting those only", async () => {
    const nl = await listChains(services(), { countries: ["NL"] }, { limit: 200 });
    expect(nl.data.length).toBeGreaterThan(2);
    for (const chain of nl.data) {
      expect(chain.countries).toEqual(["NL"]);
      expect(chain.cinema_count).toBeGreaterThan(0);
    }
    const pathe = nl.data.find((c) => c.slug === "pathe");
    expect(pathe?.cinema_count).toBeGreaterThanOrEqual(5);
    const names = nl.data.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it("pages and searches", async () => {
    const scope = { countries: ["DK", "NL"] };
    const all = await listChains(services(), scope, { limit: 200 });
    const first = await listChains(services(), scope, { limit: 2 });
    const second = await listChains(services(), scope, { limit: 200, cursor: first.pagination.next_cursor! });
    expect([...first.data, ...second.data]).toEqual(all.data);
    const found = await listChains(services(), scope, { q: "PATH" });
    expect(found.data.map((c) => c.slug)).toContain("pathe");
    await expect(listChains(services(), { countries: ["NL"] }, { country: "FR" })).rejects.toMatchObject({
      code: "forbidden",
      values: { country: "FR" },
    });
  });
});
