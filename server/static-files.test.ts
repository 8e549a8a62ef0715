// The static files under a build directory: listed once, served by path, everything else passed on.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listStaticPaths, mountStaticFiles } from "./static-files.ts";
import type { ServerEnv } from "./types.ts";

let root = "";
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "reeltime-static-"));
  await mkdir(path.join(root, "assets"), { recursive: true });
  await mkdir(path.join(root, "docs"), { recursive: true });
  await writeFile(path.join(root, "favicon.svg"), "<svg/>");
  await writeFile(path.join(root, "assets", "app-abc123.js"), "console.log(1)");
  await writeFile(path.join(root, "assets", "app-abc123.js.br"), "compressed");
  await writeFile(path.join(root, "docs", "index.html"), "<p>docs</p>");
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

  it("passes on every other path and method to the routes", async () => {
    for (const target of ["/", "/api/v1/showtimes", "/assets/missing.js", "/favicon.svg/", "/FAVICON.SVG"]) {
      expect(await (await app.request(target)).text(), target).toBe(`route GET ${target}`);
    }
    const post = await app.request("/favicon.svg", { method: "POST" });
    expect(await post.text()).toBe("route POST /favicon.svg");
  });
});
