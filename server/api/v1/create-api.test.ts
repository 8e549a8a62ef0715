// What the API answers around its operations: unknown paths, other methods, Accept, preflights, HEAD, the
// OpenAPI document, problem types, a database that is down and an unexpected failure.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_OPERATION_IDS } from "../../../core/api/operations.ts";
import {
  bearer,
  createApiClient,
  startApiApp,
  type ApiTestClient,
} from "../../../tests/helpers/api-test-app.ts";
import { apiRequest } from "../../../tests/helpers/openapi-contract.ts";
import { createTestApp } from "../../../tests/helpers/test-app.ts";
import { createTestDatabase, useTestDatabase } from "../../../tests/helpers/test-db.ts";
import { acceptsJson, invalidParams } from "./create-api.ts";
import type { ProblemBody } from "./problem.ts";

type Document = {
  openapi: string;
  info: { description: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, { operationId: string; parameters?: { description?: string }[] }>>;
  components: { securitySchemes: Record<string, unknown>; headers: Record<string, unknown> };
};

describe("the API's edges", () => {
  const database = useTestDatabase();
  let api: Awaited<ReturnType<typeof startApiApp>>;
  let client: ApiTestClient;

  beforeAll(async () => {
    api = await startApiApp(database(), { days: 1 });
    client = await createApiClient(database());
  });
  afterAll(async () => {
    await api?.close();
  });

  it("answers an unknown path with a 404 problem any origin may read", async () => {
    const answer = await api.app.request("/api/v1/nope", { headers: { Origin: "https://anywhere.example" } });
    expect(answer.status).toBe(404);
    expect(answer.headers.get("content-type")).toBe("application/problem+json");
    expect(answer.headers.get("access-control-allow-origin")).toBe("https://anywhere.example");
    expect(await answer.json()).toMatchObject({ status: 404, title: "Not found" });
  });

  it("answers other methods with 405 and Allow, whatever their origin or body", async () => {
    for (const [method, headers] of [
      ["POST", { "Content-Type": "application/json", Origin: "https://evil.example" }],
      ["PUT", {}],
      ["DELETE", bearer(client.secret)],
      ["PATCH", { "Content-Type": "text/plain" }],
    ] as const) {
      const answer = await api.app.request("/api/v1/showtimes", {
        method,
        headers,
        body: method === "DELETE" ? undefined : "{}",
      });
      expect(answer.status, method).toBe(405);
      expect(answer.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
      expect(((await answer.json()) as ProblemBody).type).toMatch(/method-not-allowed$/);
    }
  });

  it("answers 406 when the caller accepts no JSON", async () => {
    const answer = await apiRequest<ProblemBody>(api.app, api.contract, "/api/v1/countries", {
      headers: { ...bearer(client.secret), Accept: "text/html" },
    });
    expect(answer.status).toBe(406);
    expect(acceptsJson("text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8")).toBe(true);
    expect(acceptsJson("application/json;q=0")).toBe(false);
    expect(acceptsJson(undefined)).toBe(true);
  });

  it("answers CORS preflights without a key", async () => {
    const answer = await api.app.request("/api/v1/showtimes", {
      method: "OPTIONS",
      headers: {
        Origin: "https://www.example-news.nl",
        "Access-Control-Request-Method": "GET",
        "Access-Control-Request-Headers": "authorization",
      },
    });
    expect(answer.status).toBe(204);
    expect(answer.headers.get("access-control-allow-origin")).toBe("https://www.example-news.nl");
    expect(answer.headers.get("access-control-allow-headers")).toContain("Authorization");
    expect(answer.headers.get("access-control-allow-methods")).toBe("GET, HEAD, OPTIONS");
  });

  it("answers HEAD like GET, without a body", async () => {
    const answer = await api.app.request("/api/v1/attributes", {
      method: "HEAD",
      headers: bearer(client.secret),
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("etag")).toBeTruthy();
    expect(await answer.text()).toBe("");
  });

  it("publishes the OpenAPI 3.1 document: every operation, servers, schemes, headers and the credit model", async () => {
    const answer = await api.app.request("/api/v1/openapi.json");
    expect(answer.headers.get("content-type")).toBe("application/json");
    const document = (await answer.json()) as Document;
    expect(document.openapi).toBe("3.1.0");
    expect(document.servers).toEqual([
      { url: `${api.config.baseUrl}/api/v1`, description: expect.any(String) },
    ]);
    const operations = Object.values(document.paths).flatMap((item) =>
      Object.values(item).map((op) => op.operationId),
    );
    expect(operations.sort()).toEqual([...API_OPERATION_IDS].sort());
    for (const item of Object.values(document.paths)) {
      for (const operation of Object.values(item)) {
        for (const parameter of operation.parameters ?? []) expect(parameter.description).toBeTruthy();
      }
    }
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual(["apiKeyHeader", "bearerAuth"]);
    expect(Object.keys(document.components.headers)).toEqual(
      expect.arrayContaining([
        "RateLimit-Limit",
        "RateLimit-Remaining",
        "RateLimit-Reset",
        "X-Credits-Cost",
        "X-Credits-Remaining",
        "ETag",
        "Cache-Control",
        "X-Request-Id",
      ]),
    );
    expect(document.info.description).toContain("Maximum overdraw");
  });

  it("serves each problem type's description at its type URI", async () => {
    const problem = await apiRequest<ProblemBody>(api.app, api.contract, "/api/v1/cities?limit=0", {
      headers: bearer(client.secret),
    });
    const type = new URL(problem.body.type);
    const described = await api.app.request(type.pathname);
    expect(described.status).toBe(200);
    expect(await described.json()).toMatchObject({ status: 400, title: "Invalid parameter" });
    expect((await api.app.request("/api/problems/nonsense")).status).toBe(404);
  });

  it("reads numbers in decimal digits only: 0x10, 1e1, 0b1 and Infinity are refused, not read as numbers", async () => {
    for (const query of [
      "limit=0x10",
      "limit=1e1",
      "limit=0b1",
      "limit=Infinity",
      "limit=16.0",
      "limit=",
      "radius=0x5&near=52.37,4.89",
      "radius=1e1&near=52.37,4.89",
    ]) {
      const problem = await apiRequest<ProblemBody>(api.app, api.contract, `/api/v1/cinemas?${query}`, {
        headers: bearer(client.secret),
      });
      expect(problem.status, query).toBe(400);
      expect(
        problem.body.invalid_params?.map((p) => p.name),
        query,
      ).toEqual([query.split("=")[0]]);
    }
    for (const query of [
      "limit=16",
      "limit=%2016%20",
      "radius=2.5&near=52.37,4.89",
      "radius=.5&near=52.37,4.89",
    ]) {
      const answer = await apiRequest(api.app, api.contract, `/api/v1/cinemas?${query}`, {
        headers: bearer(client.secret),
      });
      expect(answer.status, query).toBe(200);
    }
  });

  it("keeps the site's strict policy on API answers", async () => {
    const answer = await api.app.request("/api/v1/countries", { headers: bearer(client.secret) });
    const csp = answer.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/default-src '(none|self)'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("worker-src");
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("answers an unexpected failure with a 500 problem and no internals", async () => {
    const limits = api.services.apiLimits;
    const failing = {
      consume: () => Promise.reject(new Error("boom in /srv/secret/gate.ts:12 SELECT password")),
    };
    Object.assign(api.services, { apiLimits: failing });
    try {
      const answer = await apiRequest<ProblemBody>(api.app, api.contract, "/api/v1/countries", {
        headers: bearer(client.secret),
      });
      expect(answer.status).toBe(500);
      const text = JSON.stringify(answer.body);
      expect(text).not.toMatch(/boom|secret|SELECT|\.ts:/);
      expect(answer.body.instance).toMatch(/^urn:reeltime:request:/);
    } finally {
      Object.assign(api.services, { apiLimits: limits });
    }
  });

  it("names each refused parameter once, unknown ones with the operation's parameters", () => {
    expect(
      invalidParams(
        [
          { code: "unrecognized_keys", keys: ["ctiy"], message: "Unrecognized key" },
          { code: "custom", path: ["radius"], message: "radius must be a number" },
          { code: "custom", path: ["radius"], message: "another" },
        ],
        ["city", "radius"],
      ),
    ).toEqual([
      { name: "ctiy", reason: "unknown parameter (this operation takes city, radius)" },
      { name: "radius", reason: "radius must be a number" },
    ]);
  });
});

describe("the API without its database", () => {
  it("answers 503 problems with Retry-After, never a 500", async () => {
    const database = await createTestDatabase();
    const test = await createTestApp(database);
    const contract = await import("../../../tests/helpers/openapi-contract.ts");
    const loaded = await contract.loadContract(test.app);
    await database.close();
    try {
      const answer = await contract.apiRequest<ProblemBody>(test.app, loaded, "/api/v1/showtimes", {
        headers: bearer(`rt_sk_${"b".repeat(32)}`),
      });
      expect(answer.status).toBe(503);
      expect(answer.headers.get("retry-after")).toBe("5");
      expect(answer.body.type).toMatch(/service-unavailable$/);
    } finally {
      await test.close().catch(() => {});
    }
  });
});
