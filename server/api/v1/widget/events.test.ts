// POST /api/v1/widget/events: the widget's counts reach widget_usage from the client's own sites only, with
// a live publishable key and a small, well-formed body; every refusal is a problem and changes nothing.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertApiKey } from "../../../../core/api-keys/api-key-test-fixtures.ts";
import { widgetUsage } from "../../../../db/schema/credits.ts";
import {
  SITE_ORIGIN,
  createApiClient,
  startApiApp,
  type ApiTestClient,
} from "../../../../tests/helpers/api-test-app.ts";
import { useTestDatabase } from "../../../../tests/helpers/test-db.ts";
import type { ProblemBody } from "../problem.ts";

describe("POST /api/v1/widget/events", () => {
  const database = useTestDatabase();
  let api: Awaited<ReturnType<typeof startApiApp>>;
  let client: ApiTestClient;
  let revoked: string;

  beforeAll(async () => {
    api = await startApiApp(database(), { days: 1 });
    client = await createApiClient(database(), { credits: 100 });
    revoked = (
      await insertApiKey(database().db, client.clientId, {
        kind: "publishable",
        revokedAt: new Date("2026-11-01T00:00:00Z"),
      })
    ).key;
  });
  afterAll(async () => {
    await api?.close();
  });

  const post = (body: string, headers: Record<string, string> = { Origin: SITE_ORIGIN }) =>
    api.app.request("/api/v1/widget/events", {
      method: "POST",
      headers: { "Content-Type": "text/plain;charset=UTF-8", ...headers },
      body,
    });
  const report = (counts: Record<string, unknown>, key = client.publishable) =>
    JSON.stringify({ key, ...counts });
  const usage = () =>
    database()
      .db.select({ day: widgetUsage.day, impressions: widgetUsage.impressions, clicks: widgetUsage.clicks })
      .from(widgetUsage)
      .where(eq(widgetUsage.clientId, client.clientId));
  const balance = () => api.services.credits.meter.balance(client.clientId);

  it("adds a report from the client's site to today's row (UTC), free, with CORS for the page", async () => {
    const before = await balance();
    const first = await post(report({ impressions: 2, clicks: 1 }));
    expect(first.status).toBe(204);
    expect(first.headers.get("access-control-allow-origin")).toBe(SITE_ORIGIN);
    expect(first.headers.get("ratelimit-limit")).toBe("1000");
    expect(first.headers.get("x-credits-cost")).toBeNull();
    // A subdomain is registered too (*.example-news.nl); JSON as application/json is read as well.
    const second = await post(report({ impressions: 1 }), {
      Origin: "https://blog.example-news.nl",
      "Content-Type": "application/json",
    });
    expect(second.status).toBe(204);
    expect(await usage()).toEqual([{ day: "2026-11-24", impressions: 3, clicks: 1 }]);
    expect(await balance()).toBe(before);
  });

  it("refuses a page of another site with 403 and counts nothing", async () => {
    const before = await usage();
    const elsewhere: Record<string, string>[] = [
      { Origin: "https://evil.example" },
      {},
      { Referer: "https://evil.example/page" },
    ];
    for (const headers of elsewhere) {
      const answer = await post(report({ impressions: 5 }), headers);
      expect(answer.status).toBe(403);
      expect(answer.headers.get("content-type")).toBe("application/problem+json");
      expect(((await answer.json()) as ProblemBody).type).toMatch(/origin-not-allowed$/);
    }
    expect(await usage()).toEqual(before);
  });

  it("refuses bad bodies with a 400 problem naming the field, and counts nothing", async () => {
    const before = await usage();
    const cases: [string, string][] = [
      ["not json", "body"],
      ["[1,2]", "body"],
      ['"text"', "body"],
      [report({ impressions: -1 }), "impressions"],
      [report({ impressions: 1.5 }), "impressions"],
      [report({ clicks: 1001 }), "clicks"],
      [report({ clicks: "3" }), "clicks"],
      [report({ impressions: 1, visitor: "ip" }), "visitor"],
      [JSON.stringify({ key: 42, impressions: 1 }), "key"],
      [report({ impressions: 1, pad: "x".repeat(2000) }), "body"],
    ];
    for (const [body, name] of cases) {
      const answer = await post(body);
      expect(answer.status, body.slice(0, 60)).toBe(400);
      const problem = (await answer.json()) as ProblemBody;
      expect(problem.type).toMatch(/invalid-parameter$/);
      expect(
        problem.invalid_params?.map((p) => p.name),
        body.slice(0, 60),
      ).toContain(name);
    }
    expect(await usage()).toEqual(before);
  });

  it("refuses a missing, unknown or revoked key with 401 and a secret key with 403; counts nothing", async () => {
    const before = await usage();
    const missing = await post(JSON.stringify({ impressions: 1 }));
    expect(missing.status).toBe(401);
    expect(((await missing.json()) as ProblemBody).type).toMatch(/missing-api-key$/);
    for (const key of [revoked, "rt_pk_00000000000000000000000000000000", "nonsense"]) {
      const answer = await post(report({ impressions: 1 }, key));
      expect(answer.status, key).toBe(401);
      expect(((await answer.json()) as ProblemBody).type).toMatch(/invalid-api-key$/);
    }
    const secret = await post(report({ impressions: 1 }, client.secret));
    expect(secret.status).toBe(403);
    expect(((await secret.json()) as ProblemBody).type).toMatch(/operation-not-allowed$/);
    expect(await usage()).toEqual(before);
  });

  it("answers a JSON preflight for POST; other methods stay 405", async () => {
    const preflight = await api.app.request("/api/v1/widget/events", {
      method: "OPTIONS",
      headers: { Origin: SITE_ORIGIN, "Access-Control-Request-Method": "POST" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-methods")).toBe("POST, OPTIONS");
    expect(preflight.headers.get("access-control-allow-headers")).toBe("Content-Type");
    const put = await api.app.request("/api/v1/widget/events", { method: "PUT", body: "{}" });
    expect(put.status).toBe(405);
  });

  it("shares the key's rate limit: over it, 429 and nothing counted", async () => {
    const limited = await createApiClient(database(), { rateLimitPerMinute: 1 });
    const send = () => post(report({ impressions: 1 }, limited.publishable));
    expect((await send()).status).toBe(204);
    const refused = await send();
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toEqual(expect.stringMatching(/^\d+$/));
    const rows = await database()
      .db.select({ impressions: widgetUsage.impressions })
      .from(widgetUsage)
      .where(eq(widgetUsage.clientId, limited.clientId));
    expect(rows).toEqual([{ impressions: 1 }]);
  });
});
