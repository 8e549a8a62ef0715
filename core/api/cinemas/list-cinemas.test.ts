import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { API_FIXTURE_NOW, seedApiFixtures } from "../../../tests/helpers/api-fixtures.ts";
import { useTestDatabase } from "../../../tests/helpers/test-db.ts";
import { queryRows } from "../../shared/db-rows.ts";
import { listCinemas } from "./list-cinemas.ts";
import { getCinema } from "./get-cinema.ts";

const NL = { countries: ["NL"] };
const BOTH = { countries: ["DK", "NL"] };

describe("listCinemas and getCinema", () => {
  const db = useTestDatabase();
  const services = () => ({ db: db().db });

  beforeAll(async () => {
    await seedApiFixtures(db(), API_FIXTURE_NOW, 1);
  });

  it("lists the granted countries' open cinemas by name, page by page", async () => {
    const names: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await listCinemas(services(), BOTH, { limit: 40, cursor });
      names.push(...page.data.map((c) => c.name));
      cursor = page.pagination.next_cursor ?? undefined;
    } while (cursor);
    const expected = await queryRows<{ name: string }>(
      db().db,
      sql`select name from cinemas where status = 'open' order by name, id`,
    );
    expect(names).toEqual(expected.map((r) => r.name));
    const nlOnly = await listCinemas(services(), NL, { limit: 200 });
    expect(nlOnly.data.every((c) => c.country === "NL")).toBe(true);
  });

  it("filters by city (any case), chain and text", async () => {
    const amsterdam = await listCinemas(services(), NL, { city: "AMSTERDAM" });
    expect(amsterdam.data).toHaveLength(20);
    const [pathe] = await queryRows<{ id: string }>(
      db().db,
      sql`select id from cinema_chains where slug = 'pathe'`,
    );
    const chain = await listCinemas(services(), NL, { city: "Amsterdam", chain: pathe!.id });
    expect(chain.data.map((c) => c.name)).toEqual([
      "Pathé Amsterdam Noord",
      "Pathé Arena",
      "Pathé City",
      "Pathé De Munt",
      "Pathé Tuschinski",
    ]);
    expect(chain.data[0]!.chain).toMatchObject({ slug: "pathe" });
    const text = await listCinemas(services(), NL, { q: "tuschinski" });
    expect(text.data.map((c) => c.name)).toEqual(["Pathé Tuschinski"]);
    const percent = await listCinemas(services(), NL, { q: "%" });
    expect(percent.data).toEqual([]);
  });

  it("orders by distance with near, all within the radius", async () => {
    const page = await listCinemas(services(), NL, {
      near: { latitude: 52.3702, longitude: 4.8952, radiusKm: 3 },
    });
    expect(page.data.length).toBeGreaterThan(3);
    const distances = page.data.map((c) => c.distance_km!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(Math.max(...distances)).toBeLessThanOrEqual(3);
    const second = await listCinemas(services(), NL, {
      near: { latitude: 52.3702, longitude: 4.8952, radiusKm: 3 },
      limit: 2,
    });
    const next = await listCinemas(services(), NL, {
      near: { latitude: 52.3702, longitude: 4.8952, radiusKm: 3 },
      limit: 2,
      cursor: second.pagination.next_cursor!,
    });
    expect([...second.data, ...next.data].map((c) => c.id)).toEqual(page.data.slice(0, 4).map((c) => c.id));
  });

  it("refuses another country by code or city with 403 naming it", async () => {
    await expect(listCinemas(services(), NL, { country: "DK" })).rejects.toMatchObject({
      code: "forbidden",
      values: { country: "DK" },
    });
    await expect(listCinemas(services(), NL, { city: "københavn" })).rejects.toMatchObject({
      code: "forbidden",
      values: { country: "DK" },
    });
    // A city that exists nowhere is just empty; one that exists in a granted country is fine.
    expect((await listCinemas(services(), NL, { city: "Atlantis" })).data).toEqual([]);
    expect((await listCinemas(services(), BOTH, { city: "København" })).data.length).toBe(15);
    // Granted, but this query asks for another country: empty, not 403.
    expect((await listCinemas(services(), BOTH, { country: "NL", city: "København" })).data).toEqual([]);
  });

  it("gets one cinema; another country's is 403, an unknown one 404", async () => {
    const [nl] = await queryRows<{ id: string }>(
      db().db,
      sql`select id from cinemas where slug like '%tuschinski%'`,
    );
    const [dk] = await queryRows<{ id: string }>(
      db().db,
      sql`select id from cinemas where country_code = 'DK' limit 1`,
    );
    const cinema = await getCinema(services(), NL, nl!.id);
    expect(cinema).toMatchObject({
      name: "Pathé Tuschinski",
      city: "Amsterdam",
      country: "NL",
      time_zone: "Europe/Amsterdam",
    });
    expect(cinema.website === null || cinema.website.startsWith("http")).toBe(true);
    await expect(getCinema(services(), NL, dk!.id)).rejects.toMatchObject({
      code: "forbidden",
      values: { country: "DK" },
    });
    await expect(getCinema(services(), NL, "00000000-0000-4000-8000-000000000000")).rejects.toMatchObject({
      code: "not_found",
    });
  });
});
