// /api/docs: the API reference (Scalar), rendered from /api/v1/openapi.json, with Scalar's standalone bundle
// served from our own origin (no CDN, no third-party request): /api/docs/scalar-<hash>.js, immutable.
// /api/problems/<type>: what each problem type means (the `type` URIs of the API's errors).
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { Scalar } from "@scalar/hono-api-reference";
import type { Hono } from "hono";
import { apiDocsCsp } from "../middleware/api-docs-csp.ts";
import type { ServerEnv } from "../context-variables.ts";
import { chooseEncoding } from "../middleware/compression.ts";
import { PROBLEMS, isProblemKind, problemTypeUri } from "./v1/problem.ts";
import { IMMUTABLE_CACHE } from "../static-files.ts";

const require = createRequire(import.meta.url);
const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/**
 * Scalar's theme, adjusted where axe finds it short of WCAG AA: muted text, the GET badges (Scalar's blue) and numbers in code samples (its orange) at 4.5:1
 * or more on their backgrounds (light and dark), the sidebar's expand buttons 24 px square.
 */
const ACCESSIBLE_CSS = `
.light-mode {
  --scalar-color-2: #616161;
  --scalar-color-3: #666666;
  --scalar-color-blue: #006cb4;
  --scalar-color-orange: #b84100;
}
.dark-mode { --scalar-color-2: #b4b4b0; --scalar-color-3: #a3a39f; --scalar-color-blue: #8c9ef0; }
li[data-sidebar-id] > .group\\/group-button > .p-0\\.75 { padding: 4px; }
`;

/**
 * Scalar's copy buttons on code samples are icons without a name: screen readers announce "button".
 * Named as Scalar renders them (a nonce'd script of ours; the page's policy allows no other).
 */
const NAME_COPY_BUTTONS = `new MutationObserver(() => {
  for (const button of document.querySelectorAll("button.scalar-code-copy:not([aria-label])"))
    button.setAttribute("aria-label", "Copy code");
}).observe(document.documentElement, { childList: true, subtree: true });`;

/** Where Scalar's single-file browser bundle lives in node_modules. */
export function scalarBundlePath(): string {
  // The package exports dist/index.js (not its package.json); the bundle sits beside it.
  const entry = require.resolve("@scalar/api-reference");
  return path.join(path.dirname(entry), "browser/standalone.js");
}

type Bundle = { hash: string; raw: Buffer; gzip?: Promise<Buffer>; br?: Promise<Buffer> };

let bundle: Promise<Bundle> | undefined;

function loadBundle(): Promise<Bundle> {
  bundle ??= readFile(scalarBundlePath()).then((raw) => ({
    raw,
    hash: createHash("sha256").update(raw).digest("hex").slice(0, 16),
  }));
  return bundle;
}

/** The bundle's URL (content-hashed, so it can be cached for good). */
export async function scalarBundleUrl(): Promise<string> {
  return `/api/docs/scalar-${(await loadBundle()).hash}.js`;
}

export function mountApiDocs(app: Hono<ServerEnv>, options: { baseUrl: string }) {
  const root = options.baseUrl.replace(/\/+$/, "");

  app.get("/api/docs/:file{scalar-[0-9a-f]{16}\\.js}", async (c) => {
    const current = await loadBundle();
    if (c.req.param("file") !== `scalar-${current.hash}.js`) return c.text("Not Found", 404);
    const headers: Record<string, string> = {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": IMMUTABLE_CACHE,
      Vary: "Accept-Encoding",
    };
    // Compressed once per process (4 MB of JavaScript: brotli at a moderate quality, gzip as the fallback).
    const encoding = chooseEncoding(c.req.header("accept-encoding"));
    if (encoding === "br") {
      current.br ??= brotli(current.raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6 } });
      return c.body(new Uint8Array(await current.br), 200, { ...headers, "Content-Encoding": "br" });
    }
    if (encoding === "gzip") {
      current.gzip ??= gzip(current.raw, { level: 6 });
      return c.body(new Uint8Array(await current.gzip), 200, { ...headers, "Content-Encoding": "gzip" });
    }
    return c.body(new Uint8Array(current.raw), 200, headers);
  });

  app.get(
    "/api/docs",
    async (c, next) => {
      await next();
      // Scalar's page names no language (ours is English: what screen readers pronounce it as) and its
      // copy buttons no purpose.
      const page = c.res;
      const html = (await page.text())
        .replace(/<html(?![^>]*\blang=)/i, '<html lang="en"')
        .replace("</body>", `<script nonce="${c.get("nonce")}">${NAME_COPY_BUTTONS}</script></body>`);
      const headers = new Headers(page.headers);
      headers.delete("content-length");
      // Unset first: Hono would copy the old response's headers onto the new one.
      c.res = undefined;
      c.res = new Response(html, { status: page.status, headers });
      // Its own policy (the site's stays as strict as it is); a nonce per page, so never stored.
      c.res.headers.set("Content-Security-Policy", apiDocsCsp(c.get("nonce")));
      c.res.headers.set("Cache-Control", "no-store");
    },
    Scalar<ServerEnv>(async (c) => ({
      url: "/api/v1/openapi.json",
      cdn: await scalarBundleUrl(),
      nonce: c.get("nonce"),
      pageTitle: "Reeltime API reference",
      withDefaultFonts: false,
      telemetry: false,
      hideClientButton: false,
      showDeveloperTools: "never",
      documentDownloadType: "json",
      mcp: { disabled: true },
      agent: { disabled: true },
      metaData: { title: "Reeltime API reference", description: "Reference of the Reeltime REST API v1." },
      customCss: ACCESSIBLE_CSS,
    })),
  );

  app.get("/api/problems", (c) =>
    c.json(
      Object.entries(PROBLEMS).map(([kind, problem]) => ({
        type: problemTypeUri(root, kind as keyof typeof PROBLEMS),
        ...problem,
      })),
      200,
      { "Cache-Control": "public, max-age=3600" },
    ),
  );
  app.get("/api/problems/:kind", (c) => {
    const kind = c.req.param("kind");
    if (!isProblemKind(kind)) return c.json({ error: "unknown problem type" }, 404);
    return c.json({ type: problemTypeUri(root, kind), ...PROBLEMS[kind] }, 200, {
      "Cache-Control": "public, max-age=3600",
    });
  });
}
