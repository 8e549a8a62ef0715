import { describe, expect, it } from "vitest";
import type { ApiCinema } from "../../../../core/api/cinemas/cinema-row.ts";
import type { Page } from "../../../../core/api/api-page.ts";
import { insertApiKey } from "../../../../core/api-keys/api-key-test-fixtures.ts";
import { bearer, createApiClient, useApiApp } from "../../../../tests/helpers/api-test-app.ts";
import type { ProblemBody } from "../problem.ts";

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

/** The property names the published OpenAPI document gives a component schema. */
function documentedFields(document: object, schema: string): string[] {
  const components = (document as { components?: { schemas?: Record<string, { properties?: object }> } })
    .components;
  return Object.keys(components?.schemas?.[schema]?.properties ?? {}).sort();
}

describe("GET /api/v1/cinemas/{id}", () => {
  // The client of `get` is granted the Netherlands only; the fixtures also hold Copenhagen's cinemas.
  const { get, ready } = useApiApp();

  /** A Copenhagen cinema's id, read by a client granted Denmark. */
  async function danishCinema() {
    const danish = await createApiClient(ready().database, { countries: ["DK"] });
    const list = await get<Page<ApiCinema>>("/api/v1/cinemas?country=DK&limit=1", bearer(danish.secret));
    expect(list.status).toBe(200);
    return { danish, cinema: list.body.data[0]! };
  }

  it("gets a cinema with the fields the OpenAPI document names, as the list shows it", async () => {
    const list = await get<Page<ApiCinema>>("/api/v1/cinemas?country=NL&limit=1");
    const listed = list.body.data[0]!;
    const one = await get<{ data: ApiCinema }>(`/api/v1/cinemas/${listed.id}`);
    expect(one.status).toBe(200);
    expect(one.body.data).toEqual(listed);
    expect(Object.keys(one.body.data).sort()).toEqual(
      documentedFields(ready().api.contract.document, "Cinema"),
    );
    expect(one.body.data).toMatchObject({ country: "NL", time_zone: "Europe/Amsterdam", distance_km: null });
    expect(Number(one.headers.get("x-credits-cost"))).toBeGreaterThanOrEqual(0);
    // The same answer again is not modified, and free.
    const etag = one.headers.get("etag")!;
    const again = await get<null>(`/api/v1/cinemas/${listed.id}`, {
      ...bearer(ready().client.secret),
      "If-None-Match": etag,
    });
    expect([again.status, again.headers.get("x-credits-cost")]).toEqual([304, "0"]);
  });

  it("answers 404 for an unknown cinema and 400 for an id that is not one", async () => {
    const unknown = await get<ProblemBody>(`/api/v1/cinemas/${UNKNOWN_ID}`);
    expect([unknown.status, unknown.body.title, unknown.body.detail]).toEqual([
      404,
      "Not found",
      "Cinema not found.",
    ]);
    expect(unknown.headers.get("x-credits-cost")).toBe("0");
    const badId = await get<ProblemBody>("/api/v1/cinemas/not-an-id");
    expect([badId.status, badId.body.invalid_params?.[0]?.name]).toEqual([400, "id"]);
  });

  it("refuses a cinema in a country the key does not grant; a client granted it gets it", async () => {
    const { danish, cinema } = await danishCinema();
    const refused = await get<ProblemBody>(`/api/v1/cinemas/${cinema.id}`);
    expect([refused.status, refused.body.title, refused.body.country]).toEqual([
      403,
      "Country not granted",
      "DK",
    ]);
    const granted = await get<{ data: ApiCinema }>(`/api/v1/cinemas/${cinema.id}`, bearer(danish.secret));
    expect(granted.status).toBe(200);
    expect(granted.body.data).toMatchObject({ id: cinema.id, country: "DK", time_zone: "Europe/Copenhagen" });
  });

  it("refuses it to a key limited to other countries than its client's", async () => {
    const { cinema } = await danishCinema();
    const both = await createApiClient(ready().database, { countries: ["NL", "DK"] });
    const limited = await insertApiKey(ready().database.db, both.clientId, { allowedCountries: ["NL"] });
    const refused = await get<ProblemBody>(`/api/v1/cinemas/${cinema.id}`, bearer(limited.key));
    expect([refused.status, refused.body.country]).toEqual([403, "DK"]);
    const whole = await get<{ data: ApiCinema }>(`/api/v1/cinemas/${cinema.id}`, bearer(both.secret));
    expect(whole.status).toBe(200);
  });
});
