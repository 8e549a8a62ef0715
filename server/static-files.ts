import { serveStatic } from "@hono/node-server/serve-static";
import type { Hono, MiddlewareHandler } from "hono";
import type { ServerEnv } from "./types.ts";

const IMMUTABLE = "public, max-age=31536000, immutable";
const SHORT = "public, max-age=3600";

/** Serves a file from root when one exists (with the given Cache-Control), else passes the request on. */
function filesWithCache(root: string, cacheControl: string): MiddlewareHandler<ServerEnv> {
  const files = serveStatic<ServerEnv>({ root, precompressed: true });
  return async (c, next) => {
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
 * build/client: hashed files under /assets never change (a year, immutable); the rest (favicon…) an hour.
 * The .br/.gz siblings written at build time (scripts/precompress.ts) are served when the browser accepts them.
 */
export function mountStaticFiles(app: Hono<ServerEnv>, root: string) {
  app.use("/assets/*", filesWithCache(root, IMMUTABLE));
  app.use("*", filesWithCache(root, SHORT));
}
