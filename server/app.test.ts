// The Hono app in-process (app.request) over the real build and a seeded test database: operations
// endpoints, headers and compression, error pages, analytics. Messages: app-messages.test.ts; the public
// pages and preferences: app-public-pages.test.ts.
import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { gunzipSync, brotliDecompressSync } from "node:zlib";
import { createTestApp } from "../tests/helpers/test-app.ts";
import { app, listener, NOW, setUpSeededApp } from "./app-test-support.ts";

const database = setUpSeededApp();

describe("operations endpoints", () => {
  it("answers /healthz while the process is up", async () => {
    const res = await app.request("/healthz");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  it("answers /readyz with the database kind when the database is reachable", async () => {
    const res = await app.request("/readyz");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ready" });
  });

  it("exposes Prometheus metrics including the request counter", async () => {
    await app.request("/healthz");
    const res = await app.request("/metrics");
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body).toMatch(/http_requests_total\{method="GET",route="\/healthz",status="200"\} \d+/);
    expect(body).toContain("process_cpu_user_seconds_total");
  });

  it("gives every response a request id, keeping a well-formed incoming one", async () => {
    const fresh = await app.request("/healthz");
    expect(fresh.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await app.request("/healthz", { headers: { "x-request-id": "edge-req-12345678" } });
    expect(kept.headers.get("x-request-id")).toBe("edge-req-12345678");
    const replaced = await app.request("/healthz", { headers: { "x-request-id": "bad id with spaces" } });
    expect(replaced.headers.get("x-request-id")).not.toBe("bad id with spaces");
  });

  it("reports the running build's version at /builds/latest.json", async () => {
    const res = await app.request("/builds/latest.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect((await res.json()) as { version: string }).toEqual({ version: expect.stringMatching(/\w+/) });
  });
});

describe("security headers and compression", () => {
  it("sends CSP with a per-render nonce, nosniff, referrer policy and frame-ancestors", async () => {
    const first = await app.request("/cookieverklaring");
    // Another render (another page variant): a nonce of its own. The same page from the page cache keeps
    // the nonce its bytes carry (server/page-cache.ts).
    const second = await app.request("/cookieverklaring", { headers: { cookie: "reeltime-locale=nl" } });
    const cached = await app.request("/cookieverklaring");
    const csp = first.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toEqual(second.headers.get("content-security-policy"));
    expect(cached.headers.get("content-security-policy")).toEqual(csp);
    // A revalidation keeps the stored page, so it must keep that page's policy too.
    const revalidated = await app.request("/cookieverklaring", {
      headers: { "if-none-match": first.headers.get("etag")! },
    });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("content-security-policy")).toEqual(csp);
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    expect(first.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    // The inline colour-mode script carries that nonce.
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(await first.text()).toContain(`nonce="${nonce}"`);
  });

  it("answers a page from the page cache's front with the headers the app gives it", async () => {
    const server = createServer(listener).listen(0, "127.0.0.1");
    await once(server, "listening");
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/cookieverklaring?lang=en&front=1`;
      const rendered = await fetch(url, { headers: { "accept-encoding": "br" } });
      const held = await fetch(url, { headers: { "accept-encoding": "br" } });
      expect(rendered.headers.get("x-page-cache")).toBe("miss");
      expect(held.headers.get("x-page-cache")).toBe("hit");
      const names = (response: Response) =>
        [...response.headers.keys()].filter((name) => !["date", "x-page-cache"].includes(name)).sort();
      expect(names(held)).toEqual(names(rendered));
      for (const name of ["content-security-policy", "etag", "cache-control", "vary", "content-type"])
        expect(held.headers.get(name)).toBe(rendered.headers.get(name));
      expect(held.headers.get("x-request-id")).not.toBe(rendered.headers.get("x-request-id"));
      expect(await held.text()).toBe(await rendered.text());
      const revalidated = await fetch(url, { headers: { "if-none-match": held.headers.get("etag")! } });
      expect(revalidated.status).toBe(304);
      expect(revalidated.headers.get("content-security-policy")).toBe(
        rendered.headers.get("content-security-policy"),
      );
    } finally {
      server.close();
    }
  });

  it("compresses pages with brotli or gzip as the client asks", async () => {
    const br = await app.request("/cookieverklaring", { headers: { "accept-encoding": "gzip, br" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toContain("<html");
    const gz = await app.request("/cookieverklaring", { headers: { "accept-encoding": "gzip" } });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toContain("<html");
    const plain = await app.request("/cookieverklaring");
    expect(plain.headers.get("content-encoding")).toBeNull();
  });

  it("serves hashed assets for a year, immutable, with a correct compressed length", async () => {
    const html = await (await app.request("/cookieverklaring")).text();
    const asset = /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
    expect(asset).toBeDefined();
    const res = await app.request(asset!, { headers: { "accept-encoding": "br" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const body = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get("content-length"))).toBe(body.length);
    expect(brotliDecompressSync(body).toString()).toContain("--color-primary");
  });
});

describe("error pages", () => {
  it("shows 'Page not found: {path}' with status 404 for an unknown path", async () => {
    const res = await app.request("/that-path");
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("Page not found: /that-path");
    expect(html).toContain("Back to homepage");
  });

  it("gives crawlers the status and a bare body, never the error page", async () => {
    const res = await app.request("/that-path", {
      headers: { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
    });
    expect(res.status).toBe(404);
    const body = await res.text();
    expect(body).not.toContain("<html");
    expect(body).not.toContain("Page not found");
  });

  it("does not run the preference actions on GET and rejects invalid values without a cookie", async () => {
    expect((await app.request("/preferences/colour-mode")).status).toBe(405);
    const bad = await app.request("/preferences/colour-mode", {
      method: "POST",
      body: new URLSearchParams({ mode: "purple" }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(bad.status).toBe(400);
    expect(bad.headers.get("set-cookie")).toBeNull();
    for (const [path, field] of [
      ["/preferences/locale", "locale"],
      ["/preferences/consent", "consent"],
    ] as const) {
      const refused = await app.request(`${path}.data`, {
        method: "POST",
        body: new URLSearchParams({ [field]: "klingon" }),
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      expect(refused.status, path).toBe(400);
      expect(refused.headers.get("set-cookie"), path).toBeNull();
      // The refusal names the field with a message reference, never English text.
      const body = await refused.text();
      expect(body, path).toContain("validation.choiceInvalid");
      expect(body, path).not.toMatch(/unknown locale|invalid consent/);
    }
  });
});

describe("analytics", () => {
  it("loads Google Tag Manager only with a configured id and only after consent, allowing it in the CSP", async () => {
    const { app: withGtm } = await createTestApp(database(), {
      env: { GTM_ID: "GTM-TEST123" },
      now: () => NOW,
    });
    const before = await withGtm.request("/cookieverklaring");
    const html = await before.text();
    expect(html).toContain("gtag('consent','default'");
    expect(html).toContain("analytics_storage:'denied'");
    expect(html).not.toContain("googletagmanager.com/gtm.js");
    expect(before.headers.get("content-security-policy")).toContain("https://www.googletagmanager.com");

    const after = await (
      await withGtm.request("/cookieverklaring", { headers: { cookie: "reeltime-consent=granted" } })
    ).text();
    expect(after).toContain("https://www.googletagmanager.com/gtm.js?id=GTM-TEST123");

    const without = await app.request("/cookieverklaring", {
      headers: { cookie: "reeltime-consent=granted" },
    });
    expect(await without.text()).not.toContain("googletagmanager");
    expect(without.headers.get("content-security-policy")).not.toContain("googletagmanager");
  });
});
