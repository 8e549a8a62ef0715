import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { createPageCache, PAGE_CACHE_CONTROL } from "./page-cache.ts";
import type { ServerEnv } from "./context-variables.ts";

/** A page server behind the cache: counts its renders, puts the request's nonce into the page. */
function setup(options: { setCookie?: boolean; status?: number; knownVersion?: boolean } = {}) {
  let version = 1;
  let renders = 0;
  let nonces = 0;
  const cache = createPageCache({
    dataVersion: async () => version,
    knownDataVersion: options.knownVersion ? () => version : undefined,
    variant: (request) => request.headers.get("cookie") ?? "-",
  });
  const app = new Hono<ServerEnv>();
  app.use("*", async (c, next) => {
    nonces += 1;
    c.set("nonce", `nonce-${nonces}`);
    await next();
    // what documentSecurityHeaders does: the policy names the nonce the page was served with
    c.res.headers.set("X-Nonce", c.get("nonce"));
  });
  app.all("*", cache.middleware, async (c) => {
    renders += 1;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const headers = new Headers({ "Content-Type": "text/html; charset=utf-8" });
    if (options.setCookie) headers.set("Set-Cookie", "flash=1");
    // /long: a page of varied text, on which brotli's qualities differ
    const filler =
      c.req.path === "/long"
        ? Array.from(
            { length: 3000 },
            (_, n) => `<li>${(n * 7919) % 1000} ${n % 13 ? "show" : "film"}</li>`,
          ).join("")
        : "";
    return new Response(`<p nonce="${c.get("nonce")}">render ${renders} of ${c.req.path}</p>${filler}`, {
      status: options.status ?? 200,
      headers,
    });
  });
  return {
    cache,
    get: async (path: string, headers: Record<string, string> = {}) => app.request(path, { headers }),
    renders: () => renders,
    bumpVersion: () => (version += 1),
  };
}

describe("the page cache", () => {
  it("renders a page once and serves the same bytes, with the nonce they carry, to later requests", async () => {
    const pages = setup();
    const first = await pages.get("/?city=Paris&date=2026-11-24");
    const firstBody = await first.text();
    expect(first.headers.get("x-page-cache")).toBe("miss");
    const second = await pages.get("/?date=2026-11-24&city=Paris");
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(await second.text()).toBe(firstBody);
    expect(second.headers.get("x-nonce")).toBe("nonce-1");
    expect(firstBody).toContain('nonce="nonce-1"');
    expect(second.headers.get("cache-control")).toBe(PAGE_CACHE_CONTROL);
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(pages.renders()).toBe(1);
  });

  it("compresses a stored page once per encoding and answers with it", async () => {
    const pages = setup();
    const plain = await (await pages.get("/")).text();
    for (let i = 0; i < 2; i += 1) {
      const br = await pages.get("/", { "Accept-Encoding": "gzip, br" });
      expect(br.headers.get("content-encoding")).toBe("br");
      expect(br.headers.get("vary")).toContain("Accept-Encoding");
      const bytes = Buffer.from(await br.arrayBuffer());
      expect(Number(br.headers.get("content-length"))).toBe(bytes.byteLength);
      expect(brotliDecompressSync(bytes).toString()).toBe(plain);
    }
    const gzip = await pages.get("/", { "Accept-Encoding": "gzip" });
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(plain);
    expect(pages.renders()).toBe(1);
  });

  it("compresses a page it serves again at the best quality meanwhile, then answers with that", async () => {
    const pages = setup();
    // A page large enough for the qualities to differ.
    const plain = await (await pages.get("/long")).text();
    const sizes: number[] = [];
    for (let i = 0; i < 250 && new Set(sizes).size < 2; i += 1) {
      const br = await pages.get("/long", { "Accept-Encoding": "br" });
      const bytes = Buffer.from(await br.arrayBuffer());
      expect(Number(br.headers.get("content-length"))).toBe(bytes.byteLength);
      expect(brotliDecompressSync(bytes).toString()).toBe(plain);
      sizes.push(bytes.byteLength);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(sizes.at(-1)).toBeLessThan(sizes[0]!);
    expect(pages.renders()).toBe(1);
  });

  it("answers 304 to a matching If-None-Match", async () => {
    const pages = setup();
    const etag = (await pages.get("/")).headers.get("etag")!;
    const again = await pages.get("/", { "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect((await pages.get("/", { "If-None-Match": '"other"' })).status).toBe(200);
  });

  it("keeps variants apart and renders again once the data version moves on", async () => {
    const pages = setup();
    await pages.get("/");
    await pages.get("/", { cookie: "dark" });
    expect(pages.renders()).toBe(2);
    await pages.get("/");
    expect(pages.renders()).toBe(2);
    pages.bumpVersion();
    const after = await pages.get("/");
    expect(after.headers.get("x-page-cache")).toBe("miss");
    expect(pages.renders()).toBe(3);
  });

  it("renders a burst of requests for the same page once", async () => {
    const pages = setup();
    const bodies = await Promise.all(Array.from({ length: 5 }, () => pages.get("/").then((r) => r.text())));
    expect(new Set(bodies).size).toBe(1);
    expect(pages.renders()).toBe(1);
  });

  it("never keeps studio pages, answers that set cookies or are not 200, or other methods", async () => {
    const pages = setup();
    await pages.get("/studio/stats");
    await pages.get("/studio/stats");
    expect(pages.renders()).toBe(2);

    const withCookie = setup({ setCookie: true });
    await withCookie.get("/");
    const second = await withCookie.get("/");
    expect(second.headers.get("set-cookie")).toBe("flash=1");
    expect(withCookie.renders()).toBe(2);

    const missing = setup({ status: 404 });
    await missing.get("/nope");
    await missing.get("/nope");
    expect(missing.renders()).toBe(2);
    expect(missing.cache.size()).toBe(0);
  });

  it("answers a known request at once once its answer is built, and a stale one at once with nothing", async () => {
    const pages = setup({ knownVersion: true });
    const head = (url: string) => ({
      url: `http://localhost${url}`,
      headers: { get: (name: string) => (name === "accept-encoding" ? "br" : null) },
    });
    await pages.get("/?city=Paris", { "accept-encoding": "br" });
    // The first lookup works out the request's key and builds the answer: a promise.
    const first = pages.cache.lookup("GET", head("/?city=Paris"));
    expect(first).toBeInstanceOf(Promise);
    const answer = await first;
    expect(answer?.headers).toContainEqual(["Content-Encoding", "br"]);
    // Then the same request is answered without waiting, with the same answer.
    expect(pages.cache.lookup("GET", head("/?city=Paris"))).toBe(answer);
    pages.bumpVersion();
    expect(pages.cache.lookup("GET", head("/?city=Paris"))).toBeUndefined();

    // Without a known version (Redis holds it) every lookup asks: a promise, with the same answers.
    const shared = setup();
    await shared.get("/");
    await shared.cache.lookup("GET", head("/"));
    const again = shared.cache.lookup("GET", head("/"));
    expect(again).toBeInstanceOf(Promise);
    expect((await again)?.status).toBe(200);
  });
});
