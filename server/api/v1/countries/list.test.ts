import { describe, expect, it } from "vitest";
import type { ApiCountry } from "../../../../core/api/countries/list-countries.ts";
import type { Page } from "../../../../core/api/api-page.ts";
import { useApiApp } from "../../../../tests/helpers/api-test-app.ts";

describe("GET /api/v1/countries", () => {
  const { get } = useApiApp({ countries: ["NL", "DK"] });

  it("lists the key's countries", async () => {
    const answer = await get<Page<ApiCountry>>("/api/v1/countries");
    expect(answer.status).toBe(200);
    expect(answer.body.data.map((c) => c.code)).toEqual(["DK", "NL"]);
    expect(answer.body.pagination).toEqual({ next_cursor: null });
  });

  it("pages with limit and cursor", async () => {
    const first = await get<Page<ApiCountry>>("/api/v1/countries?limit=1");
    const second = await get<Page<ApiCountry>>(
      `/api/v1/countries?limit=1&cursor=${first.body.pagination.next_cursor}`,
    );
    expect([first.body.data[0]?.code, second.body.data[0]?.code]).toEqual(["DK", "NL"]);
    const unknown = await get("/api/v1/countries?country=NL");
    expect(unknown.status).toBe(400);
  });
});
