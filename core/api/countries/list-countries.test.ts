import { beforeAll, describe, expect, it } from "vitest";
import { API_FIXTURE_NOW, seedApiFixtures } from "../../../tests/helpers/api-fixtures.ts";
import { useTestDatabase } from "../../../tests/helpers/test-db.ts";
import { listCountries } from "./list-countries.ts";

describe("listCountries", () => {
  const db = useTestDatabase();
  const services = () => ({ db: db().db });

  beforeAll(async () => {
    await seedApiFixtures(db(), API_FIXTURE_NOW, 1);
  });

  it("lists only the caller's countries, with their cinema counts", async () => {
    const page = await listCountries(services(), { countries: ["DK", "NL"] }, {});
    expect(page.data).toEqual([
      {
        code: "DK",
        name: "Denmark",
        default_locale: "da",
        time_zone: "Europe/Copenhagen",
        currency: "DKK",
        cinema_count: 15,
      },
      expect.objectContaining({
        code: "NL",
        time_zone: "Europe/Amsterdam",
        currency: "EUR",
        cinema_count: 92,
      }),
    ]);
    expect(page.pagination.next_cursor).toBeNull();
    expect((await listCountries(services(), { countries: [] }, {})).data).toEqual([]);
  });

  it("pages with a cursor", async () => {
    const scope = { countries: ["BE", "DK", "NL"] };
    const first = await listCountries(services(), scope, { limit: 2 });
    expect(first.data.map((c) => c.code)).toEqual(["BE", "DK"]);
    const second = await listCountries(services(), scope, {
      limit: 2,
      cursor: first.pagination.next_cursor!,
    });
    expect(second).toMatchObject({ data: [{ code: "NL" }], pagination: { next_cursor: null } });
  });
});
