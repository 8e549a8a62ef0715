import { readdirSync } from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Hono, MiddlewareHandler } from "hono";
import type { ServerEnv } from "./context-variables.ts";

/** For content-hashed URLs, whose answer never changes: a year, never revalidated. */
export const IMMUTABLE_CACHE = "public, max-age=31536000, immutable";
const SHORT = "public, max-age=3600";
/** reeltime.<hash>.js / .css, and a locale's texts: reeltime.<locale>.<hash>.json */
const HASHED_WIDGET_FILE =
  /^\/widget\/v1\/reeltime\.(?:[a-z]{2,3}(?:_[a-z]{2})?\.)?[0-9a-f]{10}\.(js|css|json)$/;
/**
 * The widget runs on other sites: any origin may read its files (the script fetches its texts; a page may
 * load the script with `crossorigin` for Subresource Integrity, or under Cross-Origin-Embedder-Policy).
 * They hold nothing private and no cookie is involved.
 */
const WIDGET_HEADERS = { "Access-Control-Allow-Origin": "*", "Cross-Origin-Resource-Policy": "cross-origin" };

/**
 * The URL paths serveStatic would answer under root: every file, and a directory holding index.html.
 * Listed once: the build does not change under a running server, and asking the file system on every
 * request (a stat, and a thrown ENOENT for each page and API path) cost more than a small response.
 */
export function listStaticPaths(root: string): Set<string> {
  const paths = new Set<string>();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const relative = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
    paths.add(`/${relative}`);
    if (entry.name === "index.html") {
      const directory = relative === "index.html" ? "" : relative.slice(0, -"/index.html".length);
      paths.add(`/${directory}`);
      if (directory) paths.add(`/${directory}/`);
    }
  }
  return paths;
}

/**
 * Serves a file from root when one exists (with the given Cache-Control and `headers`), else passes the
 * request on.
 */
function filesWithCache(
  root: string,
  known: Set<string>,
  cacheControl: string,
  headers: Record<string, string> = {},
): MiddlewareHandler<ServerEnv> {
  const files = serveStatic<ServerEnv>({ root, precompressed: true });
  return async (c, next) => {
    // Only a path without "%" that names a listed file is served (serveStatic refuses the others).
    if (!known.has(c.req.path) || (c.req.method !== "GET" && c.req.method !== "HEAD")) return next();
    let passedOn = false;
    const result = await files(c, async () => {
      passedOn = true;
      await next();
    });
    if (!passedOn && (c.res.status === 200 || c.res.status === 206)) {
      c.res.headers.set("Cache-Control", cacheControl);
      for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
    }
    return result;
  };
}

/**
 * build/client: hashed files under /assets and the widget's hashed copies and locale texts never change
 * (a year, immutable); the rest (favicon, /widget/v1/reeltime.js…) an hour. Every widget file may be
 * read from any origin.
 * The .br/.gz siblings written at build time (scripts/precompress.ts) are served when the browser accepts them.
 */
export function mountStaticFiles(app: Hono<ServerEnv>, root: string) {
  const known = listStaticPaths(root);
  app.use("/assets/*", filesWithCache(root, known, IMMUTABLE_CACHE));
  // The widget: its content-hashed copies never change; reeltime.js / .css keep the short cache.
  const hashedWidget = filesWithCache(root, known, IMMUTABLE_CACHE, WIDGET_HEADERS);
  const widget = filesWithCache(root, known, SHORT, WIDGET_HEADERS);
  app.use("/widget/v1/*", (c, next) =>
    HASHED_WIDGET_FILE.test(c.req.path) ? hashedWidget(c, next) : widget(c, next),
  );
  app.use("*", filesWithCache(root, known, SHORT));
}
