import type { MiddlewareHandler } from "hono";
import type { ServerEnv } from "../context-variables.ts";

/**
 * An address holding a NUL character (%00, in the path or the query) is malformed: PostgreSQL cannot
 * take one in a text value, so a city, slug or search holding it would fail deep in a query. Refused at
 * the door instead, with the status's own text, as the media and static routes answer.
 */
export const rejectNulInAddress: MiddlewareHandler<ServerEnv> = async (c, next) => {
  if (c.req.url.includes("%00")) return c.text("Bad Request", 400, { "Cache-Control": "no-store" });
  await next();
};
