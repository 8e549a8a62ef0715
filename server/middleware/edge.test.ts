import { Hono } from "hono";
import pino from "pino";
import { describe, expect, it } from "vitest";
import type { ServerEnv } from "../context-variables.ts";
import { edge } from "./edge.ts";

/** A probe app behind edge(), recording its log lines and metrics. */
function probe() {
  const lines: Record<string, unknown>[] = [];
  const recorded: [string, string, number][] = [];
  const logger = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) });
  const app = new Hono<ServerEnv>();
  app.use(
    edge({
      logger,
      metrics: { record: (method, path, status) => recorded.push([method, path, status]) },
      trustedProxies: [],
      security: { gtm: false, development: false, https: true },
      stateChangeChecks: (c, next) =>
        c.req.header("x-refuse") ? Promise.resolve(c.text("Forbidden", 403)) : next(),
    }),
  );
  app.get("/studio/page", (c) => c.text("private", 200, { "Cache-Control": "max-age=60" }));
  app.get("/big", (c) => c.json({ text: "x".repeat(4096) }));
  app.post("/change", (c) => c.text("changed"));
  app.get("/fail", () => {
    throw new Error("boom");
  });
  app.onError((_error, c) => c.text("Internal Server Error", 500));
  return { app, lines, recorded };
}

describe("edge", () => {
  it("gives every answer an id, the security headers, a log line and a metric", async () => {
    const { app, lines, recorded } = probe();
    const response = await app.request("/studio/page");
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("strict-transport-security")).toContain("max-age");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(lines.at(-1)).toMatchObject({ msg: "request", path: "/studio/page", status: 200 });
    expect(recorded).toEqual([["GET", "/studio/page", 200]]);
  });

  it("lets the checks answer a state-changing request, and still finishes it like any other", async () => {
    const { app, lines, recorded } = probe();
    const refused = await app.request("/change", { method: "POST", headers: { "x-refuse": "1" } });
    expect(refused.status).toBe(403);
    expect(refused.headers.get("x-frame-options")).toBe("DENY");
    expect(lines.at(-1)).toMatchObject({ path: "/change", status: 403 });
    expect(recorded.at(-1)).toEqual(["POST", "/change", 403]);
    const passed = await app.request("/change", { method: "POST" });
    expect(await passed.text()).toBe("changed");
  });

  it("compresses a large body for a client that accepts it", async () => {
    const { app } = probe();
    const response = await app.request("/big", { headers: { "accept-encoding": "gzip" } });
    expect(response.headers.get("content-encoding")).toBe("gzip");
    const plain = await app.request("/big");
    expect(plain.headers.get("content-encoding")).toBeNull();
  });

  it("logs a route's failure as one", async () => {
    const { app, lines } = probe();
    const response = await app.request("/fail");
    expect(response.status).toBe(500);
    expect(lines.at(-1)).toMatchObject({ msg: "request failed", status: 500 });
  });
});
