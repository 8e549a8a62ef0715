// The pipeline every operation runs through: keys, limits, credits, the response cache, ETags, metering.
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invalidateApiData } from "../../../core/cache/invalidate-api-data.ts";
import { insertApiKey } from "../../../core/api-keys/api-key-test-fixtures.ts";
import { queryRows } from "../../../core/shared/db-rows.ts";
import {
  bearer,
  createApiClient,
  startApiApp,
  type ApiTestClient,
} from "../../../tests/helpers/api-test-app.ts";
import { apiRequest } from "../../../tests/helpers/openapi-contract.ts";
import { useTestDatabase } from "../../../tests/helpers/test-db.ts";
import type { ProblemBody } from "./problem.ts";
import { presentedKey } from "./gate.ts";

type Page = {
  data: { id?: string; code?: string; name?: string }[];
  pagination: { next_cursor: string | null };
};

describe("the API gate", () => {
  const database = useTestDatabase();
  let api: Awaited<ReturnType<typeof startApiApp>>;
  let client: ApiTestClient;

  beforeAll(async () => {
    api = await startApiApp(database(), { days: 1 });
    client = await createApiClient(database(), { countries: ["NL"], credits: 1000 });
  });
  afterAll(async () => {
    await api?.close();
  });

  const get = <Body>(path: string, headers: Record<string, string> = bearer(client.secret)) =>
    apiRequest<Body>(api.app, api.contract, path, { headers });
  const balance = () => api.services.credits.meter.balance(client.clientId);

  it("reads the key from Authorization: Bearer, else X-API-Key", async () => {
    expect(presentedKey("Bearer rt_sk_abc", undefined)).toEqual({ kind: "key", key: "rt_sk_abc" });
    expect(presentedKey("bearer   rt_sk_abc  ", "rt_sk_other")).toEqual({ kind: "key", key: "rt_sk_abc" });
    expect(presentedKey(undefined, " rt_sk_x ")).toEqual({ kind: "key", key: "rt_sk_x" });
    expect(presentedKey("Basic dXNlcjpwYXNz", undefined).kind).toBe("malformed");
    expect(presentedKey(undefined, undefined)).toEqual({ kind: "none" });
    const viaHeader = await get("/api/v1/countries", { "X-API-Key": client.secret });
    expect(viaHeader.status).toBe(200);
  });

  it("answers 401 problems without a key, with a malformed, unknown or revoked one", async () => {
    const none = await get<ProblemBody>("/api/v1/countries", {});
    expect([none.status, none.body.title]).toEqual([401, "API key required"]);
    expect(none.headers.get("www-authenticate")).toContain("Bearer");
    const basic = await get<ProblemBody>("/api/v1/countries", { Authorization: "Basic dXNlcjpwYXNz" });
    expect([basic.status, basic.body.title]).toEqual([401, "API key not valid"]);
    const unknown = await get<ProblemBody>("/api/v1/countries", bearer(`rt_sk_${"A".repeat(32)}`));
    expect(unknown.body.detail).toContain("No such API key");
    const revoked = await insertApiKey(database().db, client.clientId, { revokedAt: new Date("2026-01-01") });
    const refused = await get<ProblemBody>("/api/v1/countries", bearer(revoked.key));
    expect([refused.status, refused.body.detail]).toEqual([401, "This API key was revoked."]);
  });

  it("charges each successful call its cost, and gives it back for errors", async () => {
    const before = await balance();
    const ok = await get("/api/v1/cinemas?city=Utrecht");
    expect(ok.headers.get("x-credits-cost")).toBe("1");
    expect(Number(ok.headers.get("x-credits-remaining"))).toBe(before - 1);
    const bad = await get("/api/v1/cinemas?radius=0");
    expect(bad.status).toBe(400);
    expect(bad.headers.get("x-credits-cost")).toBe("0");
    const denied = await get("/api/v1/cinemas?country=DK");
    expect(denied.status).toBe(403);
    const missing = await get("/api/v1/cinemas/00000000-0000-4000-8000-000000000000");
    expect(missing.status).toBe(404);
    expect(await balance()).toBe(before - 1);
  });

  it("serves identical queries from the cache until the data changes, and meters them all", async () => {
    const path = "/api/v1/cinemas?city=Haarlem";
    const first = await get<Page>(path);
    // Renamed behind the API's back: the cached answer stays…
    await database().db.execute(sql`update cinemas set name = name || ' (renamed)' where city = 'Haarlem'`);
    const cached = await get<Page>("/api/v1/cinemas?city=Haarlem");
    expect(cached.body).toEqual(first.body);
    expect(cached.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(cached.headers.get("x-credits-cost")).toBe("1");
    // …the same query with its parameters in another order shares the entry…
    const reordered = await get<Page>("/api/v1/cinemas?limit=50&city=Haarlem");
    expect(reordered.body.data.map((c) => c.name)).not.toContain(expect.stringContaining("renamed"));
    // …until an import or edit says the data changed.
    await invalidateApiData(api.services);
    const fresh = await get<Page>(path);
    expect(fresh.body.data.every((c) => c.name?.endsWith("(renamed)"))).toBe(true);
    expect(fresh.headers.get("etag")).not.toBe(first.headers.get("etag"));
  });

  it("keeps answers of different countries apart in the cache", async () => {
    const both = await createApiClient(database(), { countries: ["NL", "DK"] });
    const nl = await get<Page>("/api/v1/countries");
    const nlDk = await get<Page>("/api/v1/countries", bearer(both.secret));
    expect(nl.body.data.map((c) => c.code)).toEqual(["NL"]);
    expect(nlDk.body.data.map((c) => c.code)).toEqual(["DK", "NL"]);
  });

  it("answers a matching If-None-Match with a free 304, also from the cache", async () => {
    const path = "/api/v1/attributes?category=format";
    const first = await get(path);
    const before = await balance();
    const again = await apiRequest(api.app, api.contract, path, {
      headers: { ...bearer(client.secret), "If-None-Match": `W/${first.headers.get("etag")}, "other"` },
    });
    expect(again.status).toBe(304);
    expect(again.headers.get("x-credits-cost")).toBe("0");
    expect(again.headers.get("cache-control")).toBe("private, max-age=300");
    expect(await balance()).toBe(before);
  });

  it("compresses answers for clients that accept it, with the same validator", async () => {
    const path = "/api/v1/showtimes?city=Amsterdam&limit=20";
    const plain = await get(path);
    const etag = plain.headers.get("etag")!;
    const response = await api.app.request(path, {
      headers: { ...bearer(client.secret), "Accept-Encoding": "gzip, br" },
    });
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(response.headers.get("vary")).toContain("Accept-Encoding");
    expect(response.headers.get("etag")).toBe(etag);
    const decoded = brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString();
    expect(JSON.parse(decoded)).toEqual(plain.body);
    const gzipped = await api.app.request(path, {
      headers: { ...bearer(client.secret), "Accept-Encoding": "gzip" },
    });
    expect(gunzipSync(Buffer.from(await gzipped.arrayBuffer())).toString()).toBe(decoded);
    const again = await api.app.request(path, {
      headers: { ...bearer(client.secret), "Accept-Encoding": "br", "If-None-Match": etag },
    });
    expect(again.status).toBe(304);
  });

  it("sets Cache-Control per operation: showtimes a minute, the catalogue five, changes and usage never", async () => {
    expect((await get("/api/v1/showtimes?limit=1")).headers.get("cache-control")).toBe("private, max-age=60");
    expect((await get("/api/v1/cities?limit=1")).headers.get("cache-control")).toBe("private, max-age=300");
    expect(
      (await get("/api/v1/changes?since=2026-01-01T00:00:00Z&limit=1")).headers.get("cache-control"),
    ).toBe("no-store");
    expect((await get("/api/v1/usage")).headers.get("cache-control")).toBe("no-store");
    expect((await get("/api/v1/cities?limit=0")).headers.get("cache-control")).toBe("no-store");
  });

  it("varies every keyed answer on the key's headers, so a browser never serves one key's answer to another", async () => {
    for (const path of ["/api/v1/showtimes?limit=1", "/api/v1/cities?limit=1", "/api/v1/usage"]) {
      const vary = (await get(path)).headers.get("vary") ?? "";
      expect(vary.split(/,\s*/), path).toEqual(
        expect.arrayContaining(["Authorization", "X-API-Key", "Origin"]),
      );
    }
    const first = await get("/api/v1/countries");
    const notModified = await apiRequest(api.app, api.contract, "/api/v1/countries", {
      headers: { ...bearer(client.secret), "If-None-Match": first.headers.get("etag")! },
    });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get("vary")).toContain("X-API-Key");
  });

  it("limits each key to its requests per minute: 429 with Retry-After, RateLimit headers throughout", async () => {
    const limited = await createApiClient(database(), { countries: ["NL"], rateLimitPerMinute: 3 });
    const answers = [];
    for (let i = 0; i < 4; i++)
      answers.push(await get<ProblemBody>("/api/v1/attributes", bearer(limited.secret)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429]);
    expect(answers.map((a) => a.headers.get("ratelimit-remaining"))).toEqual(["2", "1", "0", "0"]);
    const refused = answers[3]!;
    expect(refused.headers.get("ratelimit-limit")).toBe("3");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.body).toMatchObject({
      status: 429,
      retry_after: Number(refused.headers.get("retry-after")),
    });
    // Per key: the client's other key keeps its own count.
    const other = await get("/api/v1/cities", {
      ...bearer(limited.publishable),
      Origin: "https://example-news.nl",
    });
    expect([other.status, other.headers.get("ratelimit-remaining")]).toEqual([200, "2"]);
  });

  it("refuses with 402 at a zero balance, but keeps usage free", async () => {
    const broke = await createApiClient(database(), { countries: ["NL"], credits: 0 });
    const refused = await get<ProblemBody>("/api/v1/cities", bearer(broke.secret));
    expect(refused.status).toBe(402);
    expect(refused.body.type).toMatch(/insufficient-credits$/);
    expect(refused.headers.get("x-credits-remaining")).toBe("0");
    const usage = await get<{ data: { balance: number } }>("/api/v1/usage", bearer(broke.secret));
    expect(usage.status).toBe(200);
    expect(usage.body.data.balance).toBe(0);
  });

  it("meters calls into credit_usage and the ledger, and notes the key's last use", async () => {
    const metered = await createApiClient(database(), { countries: ["NL"], credits: 50 });
    await get("/api/v1/cities", bearer(metered.secret));
    await get("/api/v1/cities", bearer(metered.secret));
    await get("/api/v1/cities?limit=0", bearer(metered.secret));
    await api.services.credits.meter.flush();
    const rows = await queryRows<{ operation: string; requests: number; credits: number; errors: number }>(
      database().db,
      sql`select operation, requests::int, credits::int, errors::int from credit_usage where client_id = ${metered.clientId}`,
    );
    expect(rows).toEqual([{ operation: "listCities", requests: 3, credits: 2, errors: 1 }]);
    const [ledger] = await queryRows<{ sum: number }>(
      database().db,
      sql`select sum(delta)::int as sum from credit_transactions where client_id = ${metered.clientId}`,
    );
    expect(ledger!.sum).toBe(48);
  });
});
