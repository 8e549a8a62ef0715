// With the database gone (here: closed), pages answer 503 with Retry-After — the error page for browsers,
// the bare status for crawlers — and /readyz says unavailable; never a 500 (issue 23). The same with a
// real PostgreSQL stopped under load: tests/faults/dependencies-down.test.ts.
import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp, seedSmallDemo } from "../tests/helpers/test-app.ts";
import { useTestDatabase } from "../tests/helpers/test-db.ts";
import type { createApp } from "./app.ts";

const NOW = new Date("2026-11-22T11:00:00Z");
const database = useTestDatabase();
let app: ReturnType<typeof createApp>;
const browser = {
  accept: "text/html",
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/130 Safari/537.36",
};

beforeAll(async () => {
  await seedSmallDemo(database(), NOW, 1);
  ({ app } = await createTestApp(database(), { now: () => NOW }));
  expect((await app.request("/?city=Amsterdam", { headers: browser })).status).toBe(200);
  await database().close();
});

describe("the database unavailable", () => {
  it("answers an uncached public page with the error page, 503 and Retry-After", async () => {
    const res = await app.request("/?city=Paris", { headers: browser });
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const html = await res.text();
    expect(html).toContain('data-testid="error-message"');
    expect(html).not.toMatch(/pglite|stack|at .*\.ts/i);
  });

  it("gives a crawler the bare status 503 with Retry-After", async () => {
    const res = await app.request("/?city=Berlin", { headers: { "user-agent": "Googlebot/2.1" } });
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("answers /readyz 503", async () => {
    const res = await app.request("/readyz");
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ status: "unavailable" });
  });
});
