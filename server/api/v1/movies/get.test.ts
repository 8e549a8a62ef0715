import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ApiMovie } from "../../../../core/api/movies/movie-row.ts";
import type { Page } from "../../../../core/api/api-page.ts";
import { bearer, createApiClient, useApiApp } from "../../../../tests/helpers/api-test-app.ts";
import type { ProblemBody } from "../problem.ts";

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

/** The property names the published OpenAPI document gives a component schema. */
function documentedFields(document: object, schema: string): string[] {
  const components = (document as { components?: { schemas?: Record<string, { properties?: object }> } })
    .components;
  return Object.keys(components?.schemas?.[schema]?.properties ?? {}).sort();
}

describe("GET /api/v1/movies/{id}", () => {
  // The client of `get` is granted the Netherlands only.
  const { get, ready } = useApiApp();

  /** Movies of the catalogue, `count` of them, in title order. */
  async function movies(count: number) {
    const list = await get<Page<ApiMovie>>(`/api/v1/movies?limit=${count}`);
    expect(list.body.data).toHaveLength(count);
    return list.body.data;
  }

  it("gets a movie with the fields the OpenAPI document names, titled in the asked locale", async () => {
    const [listed] = await movies(1);
    const one = await get<{ data: ApiMovie }>(`/api/v1/movies/${listed!.id}`);
    expect(one.status).toBe(200);
    expect(one.body.data).toEqual(listed);
    expect(Object.keys(one.body.data).sort()).toEqual(
      documentedFields(ready().api.contract.document, "Movie"),
    );
    // A film whose Dutch title differs (the demo catalogue's "Inside Out 2" is "Binnenstebuiten 2").
    const found = await get<Page<ApiMovie>>("/api/v1/movies?q=Inside%20Out%202&limit=1");
    const id = found.body.data[0]!.id;
    const dutch = await get<{ data: ApiMovie }>(`/api/v1/movies/${id}?locale=nl`);
    const english = await get<{ data: ApiMovie }>(`/api/v1/movies/${id}?locale=en`);
    expect([dutch.body.data.title, english.body.data.title]).toEqual(["Binnenstebuiten 2", "Inside Out 2"]);
    expect(dutch.body.data.titles).toEqual({ en: "Inside Out 2", nl: "Binnenstebuiten 2" });
  });

  it("answers 404 for an unknown or hidden movie, 400 for an id that is not one or a bad locale", async () => {
    const unknown = await get<ProblemBody>(`/api/v1/movies/${UNKNOWN_ID}`);
    expect([unknown.status, unknown.body.title, unknown.body.detail]).toEqual([
      404,
      "Not found",
      "Movie not found.",
    ]);
    expect(unknown.headers.get("x-credits-cost")).toBe("0");
    const [, hidden] = await movies(2);
    await ready().database.db.execute(
      sql`update movies set status = 'hidden' where id = ${hidden!.id}::uuid`,
    );
    const gone = await get<ProblemBody>(`/api/v1/movies/${hidden!.id}`);
    expect([gone.status, gone.body.detail]).toEqual([404, "Movie not found."]);
    const badId = await get<ProblemBody>("/api/v1/movies/not-an-id");
    expect([badId.status, badId.body.invalid_params?.[0]?.name]).toEqual([400, "id"]);
    const locale = await get<ProblemBody>(`/api/v1/movies/${UNKNOWN_ID}?locale=xx`);
    expect([locale.status, locale.body.invalid_params?.[0]?.name]).toEqual([400, "locale"]);
  });

  it("shows release dates and certifications of the countries the key grants only", async () => {
    const [, , movie] = await movies(3);
    await ready().database.db.execute(
      sql`update movies set release_dates = ${JSON.stringify({ WW: "2026-01-01", NL: "2026-01-08", DK: "2026-01-15" })}::jsonb,
          certification = ${JSON.stringify({ NL: "12", DK: "11" })}::jsonb where id = ${movie!.id}::uuid`,
    );
    const dutch = await get<{ data: ApiMovie }>(`/api/v1/movies/${movie!.id}`);
    expect([dutch.body.data.release_dates, dutch.body.data.certification]).toEqual([
      { NL: "2026-01-08", WW: "2026-01-01" },
      { NL: "12" },
    ]);
    const danish = await createApiClient(ready().database, { countries: ["DK"] });
    const other = await get<{ data: ApiMovie }>(`/api/v1/movies/${movie!.id}`, bearer(danish.secret));
    expect([other.body.data.release_dates, other.body.data.certification]).toEqual([
      { DK: "2026-01-15", WW: "2026-01-01" },
      { DK: "11" },
    ]);
  });
});
