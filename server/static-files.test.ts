// The static files under a build directory: listed once, served by path, everything else passed on.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listStaticPaths, mountStaticFiles } from "./static-files.ts";
import type { ServerEnv } from "./context-variables.ts";

let root = "";
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "reeltime-static-"));
  await mkdir(path.join(root, "assets"), { recursive: true });
  await mkdir(path.join(root, "docs"), { recursive: true });
  await mkdir(path.join(root, "widget", "v1"), { recursive: true });
  await writeFile(path.join(root, "favicon.svg"), "<svg/>");
  await writeFile(path.join(root, "assets", "app-abc123.js"), "console.log(1)");
  await writeFile(path.join(root, "assets", "app-abc123.js.br"), "compressed");
  await writeFile(path.join(root, "docs", "index.html"), "<p>docs</p>");
  await writeFile(path.join(root, "widget", "v1", "reeltime.js"), "widget()");
  await writeFile(path.join(root, "widget", "v1", "reeltime.0123456789.js"), "widget()");
  await writeFile(
    path.join(root, "widget", "v1", "reeltime.de_ch.abcdef0123.json"),
    '{"widget.title":"Vorstellungen"}',
  );
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("listStaticPaths", () => {
  it("lists every file by URL path, and a directory with an index.html", () => {
    expect([...listStaticPaths(root)].sort()).toEqual([
      "/assets/app-abc123.js",
      "/assets/app-abc123.js.br",
      "/docs",
      "/docs/",
      "/docs/index.html",
      "/favicon.svg",
      "/widget/v1/reeltime.0123456789.js",
      "/widget/v1/reeltime.de_ch.abcdef0123.json",
      "/widget/v1/reeltime.js",
    ]);
  });
});

describe("mountStaticFiles", () => {
  const app = new Hono<ServerEnv>();
  beforeAll(() => {
    mountStaticFiles(app, root);
    app.all("*", (c) => c.text(`route ${c.req.method} ${c.req.path}`));
  });

  it("serves listed files with their cache lifetime", async () => {
    const asset = await app.request("/assets/app-abc123.js");
    expect(await asset.text()).toBe("console.log(1)");
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const icon = await app.request("/favicon.svg");
    expect(await icon.text()).toBe("<svg/>");
    expect(icon.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(await (await app.request("/docs/")).text()).toBe("<p>docs</p>");
  });

  it("serves the widget's files to any origin, its hashed copies and locale texts for a year", async () => {
    const origin = { headers: { Origin: "https://cinema-guide.example" } };
    const texts = await app.request("/widget/v1/reeltime.de_ch.abcdef0123.json", origin);
    expect(await texts.json()).toEqual({ "widget.title": "Vorstellungen" });
    expect(texts.headers.get("content-type")).toMatch(/^application\/json/);
    expect(texts.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(texts.headers.get("access-control-allow-origin")).toBe("*");
    expect(texts.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    const hashed = await app.request("/widget/v1/reeltime.0123456789.js", origin);
    expect(hashed.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(hashed.headers.get("access-control-allow-origin")).toBe("*");
    const stable = await app.request("/widget/v1/reeltime.js", origin);
    expect(await stable.text()).toBe("widget()");
    expect(stable.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(stable.headers.get("access-control-allow-origin")).toBe("*");
    // Other files are not the widget's: no cross-origin reading.
    expect((await app.request("/favicon.svg", origin)).headers.get("access-control-allow-origin")).toBeNull();
    // A locale file that is not there is the routes' business (no CORS header either).
    const missing = await app.request("/widget/v1/reeltime.de.abcdef0123.json", origin);
    expect(await missing.text()).toBe("route GET /widget/v1/reeltime.de.abcdef0123.json");
    expect(missing.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("passes on every other path and method to the routes", async () => {
    for (const target of ["/", "/api/v1/showtimes", "/assets/missing.js", "/favicon.svg/", "/FAVICON.SVG"]) {
      expect(await (await app.request(target)).text(), target).toBe(`route GET ${target}`);
    }
    const post = await app.request("/favicon.svg", { method: "POST" });
    expect(await post.text()).toBe("route POST /favicon.svg");
  });
});
