import { readdirSync } from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Hono, MiddlewareHandler } from "hono";
import type { ServerEnv } from "./types.ts";

const IMMUTABLE = "public, max-age=31536000, immutable";
const SHORT = "public, max-age=3600";
const HASHED_WIDGET_FILE = /^\/widget\/v1\/reeltime\.[0-9a-f]{10}\.(js|css)$/;

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

/** Serves a file from root when one exists (with the given Cache-Control), else passes the request on. */
function filesWithCache(
  root: string,
  known: Set<string>,
  cacheControl: string,
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
    if (!passedOn && (c.res.status === 200 || c.res.status === 206))
      c.res.headers.set("Cache-Control", cacheControl);
    return result;
  };
}

/**
 * build/client: hashed files under /assets and the widget's hashed copies never change (a year,
 * immutable); the rest (favicon, /widget/v1/reeltime.js…) an hour.
 * The .br/.gz siblings written at build time (scripts/precompress.ts) are served when the browser accepts them.
 */
export function mountStaticFiles(app: Hono<ServerEnv>, root: string) {
  const known = listStaticPaths(root);
  app.use("/assets/*", filesWithCache(root, known, IMMUTABLE));
  // The widget: its content-hashed copies never change; reeltime.js / .css keep the short cache.
  const hashedWidget = filesWithCache(root, known, IMMUTABLE);
  app.use("/widget/v1/*", (c, next) =>
    HASHED_WIDGET_FILE.test(c.req.path) ? hashedWidget(c, next) : next(),
  );
  app.use("*", filesWithCache(root, known, SHORT));
}
