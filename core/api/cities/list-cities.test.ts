import { beforeAll, describe, expect, it } from "vitest";
import { API_FIXTURE_NOW, seedApiFixtures } from "../../../tests/helpers/api-fixtures.ts";
import { useTestDatabase } from "../../../tests/helpers/test-db.ts";
import { listCities } from "./list-cities.ts";

describe("listCities", () => {
  const db = useTestDatabase();
  const services = () => ({ db: db().db });

  beforeAll(async () => {
    await seedApiFixtures(db(), API_FIXTURE_NOW, 1);
  });

  it("derives cities from the granted countries' open cinemas", async () => {
    const page = await listCities(services(), { countries: ["NL"] }, { q: "amster" });
    expect(page.data).toEqual([
      {
        name: "Amsterdam",
        country: "NL",
        time_zone: "Europe/Amsterdam",
        cinema_count: 20,
        latitude: expect.any(Number),
        longitude: expect.any(Number),
      },
    ]);
    expect(page.data[0]!.latitude).toBeCloseTo(52.36, 1);
    const dk = await listCities(services(), { countries: ["NL"] }, { q: "København" });
    expect(dk.data).toEqual([]);
  });

  it("pages through every city once", async () => {
    const scope = { countries: ["DK", "NL"] };
    const all = await listCities(services(), scope, { limit: 200 });
    const walked = [];
    let cursor: string | undefined;
    do {
      const page = await listCities(services(), scope, { limit: 7, cursor });
      walked.push(...page.data);
      cursor = page.pagination.next_cursor ?? undefined;
    } while (cursor);
    expect(walked).toEqual(all.data);
    expect(all.data.some((c) => c.name === "København" && c.country === "DK")).toBe(true);
  });

  it("refuses a country not granted", async () => {
    await expect(listCities(services(), { countries: ["NL"] }, { country: "DK" })).rejects.toMatchObject({
      code: "forbidden",
      values: { country: "DK" },
    });
  });
});
