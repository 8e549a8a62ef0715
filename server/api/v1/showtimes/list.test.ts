import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "../../../../core/api/page.ts";
import type { ApiShowtime } from "../../../../core/api/showtimes/showtime-row.ts";
import {
  SITE_ORIGIN,
  bearer,
  createApiClient,
  startApiApp,
  type ApiTestClient,
} from "../../../../tests/helpers/api-test-app.ts";
import { apiRequest } from "../../../../tests/helpers/openapi-contract.ts";
import { useTestDatabase } from "../../../../tests/helpers/test-db.ts";
import type { ProblemBody } from "../problem.ts";

describe("GET /api/v1/showtimes", () => {
  const database = useTestDatabase();
  let api: Awaited<ReturnType<typeof startApiApp>>;
  let client: ApiTestClient;

  beforeAll(async () => {
    api = await startApiApp(database());
    client = await createApiClient(database(), { countries: ["NL"] });
  });
  afterAll(async () => {
    await api?.close();
  });

  const get = <Body>(path: string, headers: Record<string, string> = bearer(client.secret)) =>
    apiRequest<Body>(api.app, api.contract, path, { headers });

  it("lists a city's shows with booking links, offsets and the API's headers", async () => {
    const answer = await get<Page<ApiShowtime>>("/api/v1/showtimes?city=amsterdam&from=2026-11-24&limit=5");
    expect(answer.status).toBe(200);
    expect(answer.body.data).toHaveLength(5);
    for (const show of answer.body.data) {
      expect(show.cinema.city).toBe("Amsterdam");
      expect(show.starts_at).toMatch(/\+01:00$/);
      expect(show.booking_url).toMatch(/^https:\/\//);
    }
    expect(answer.body.pagination.next_cursor).toEqual(expect.any(String));
    expect(answer.headers.get("x-credits-cost")).toBe("1");
    expect(Number(answer.headers.get("x-credits-remaining"))).toBeLessThan(10_000);
    expect(answer.headers.get("ratelimit-limit")).toBe("1000");
    expect(answer.headers.get("ratelimit-remaining")).toEqual(expect.stringMatching(/^\d+$/));
    expect(answer.headers.get("ratelimit-reset")).toEqual(expect.stringMatching(/^\d+$/));
    expect(answer.headers.get("etag")).toMatch(/^".+"$/);
    expect(answer.headers.get("cache-control")).toBe("private, max-age=60");
    expect(answer.headers.get("x-request-id")).toBeTruthy();
    expect(answer.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("answers If-None-Match with a free 304", async () => {
    const first = await get("/api/v1/showtimes?city=utrecht");
    const etag = first.headers.get("etag")!;
    const again = await apiRequest(api.app, api.contract, "/api/v1/showtimes?city=utrecht", {
      headers: { ...bearer(client.secret), "If-None-Match": etag },
    });
    expect(again.status).toBe(304);
    expect(again.body).toBeNull();
    expect(again.headers.get("x-credits-cost")).toBe("0");
    expect(again.headers.get("etag")).toBe(etag);
  });

  it("refuses bad parameters with a problem naming each", async () => {
    const cases: [string, string][] = [
      ["radius=-1&near=52.37,4.89", "radius"],
      ["near=abc", "near"],
      ["from=2026-11-26&to=2026-11-25", "from"],
      ["limit=100000", "limit"],
      ["attributes=imax,smell-o-vision", "attributes"],
      ["city=" + encodeURIComponent("'; drop table x; --"), "city"],
      ["radius=5", "radius"],
      ["cinema=42", "cinema"],
      ["ctiy=amsterdam", "ctiy"],
      ["cursor=abc.def", "cursor"],
    ];
    for (const [query, name] of cases) {
      const answer = await get<ProblemBody>(`/api/v1/showtimes?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.contentType).toBe("application/problem+json");
      expect(answer.body.type).toMatch(/\/api\/problems\/invalid-parameter$/);
      expect(
        answer.body.invalid_params?.map((p) => p.name),
        query,
      ).toContain(name);
      expect(answer.body.instance).toBe(`urn:reeltime:request:${answer.headers.get("x-request-id")}`);
      expect(answer.headers.get("x-credits-cost")).toBe("0");
    }
  });

  it("refuses another country with 403 naming it", async () => {
    for (const query of ["country=DK", "city=K%C3%B8benhavn"]) {
      const answer = await get<ProblemBody>(`/api/v1/showtimes?${query}`);
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ status: 403, country: "DK", title: "Country not granted" });
      expect(answer.body.detail).toContain("DK");
    }
  });

  it("serves a publishable key from the client's site with CORS, and refuses it elsewhere, readably", async () => {
    const fromSite = await get("/api/v1/showtimes?city=amsterdam&limit=1", {
      ...bearer(client.publishable),
      Origin: SITE_ORIGIN,
    });
    expect(fromSite.status).toBe(200);
    expect(fromSite.headers.get("access-control-allow-origin")).toBe(SITE_ORIGIN);
    expect(fromSite.headers.get("vary")).toContain("Origin");
    const elsewhere = await get<ProblemBody>("/api/v1/showtimes?city=amsterdam&limit=1", {
      ...bearer(client.publishable),
      Origin: "https://evil.example",
    });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body.type).toMatch(/origin-not-allowed$/);
    // The refused page may read the refusal, so the widget can say what to fix.
    expect(elsewhere.headers.get("access-control-allow-origin")).toBe("https://evil.example");
  });
});
