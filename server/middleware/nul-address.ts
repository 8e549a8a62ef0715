import type { MiddlewareHandler } from "hono";
import type { ServerEnv } from "../context-variables.ts";

/**
 * An address holding a NUL character (%00, in the path or the query) is malformed: PostgreSQL cannot
 * take one in a text value, so a city, slug or search holding it would fail deep in a query. Refused at
 * the door instead: a page with the status's own text (as the media and static routes answer), anything
 * else (search suggestions, calendar files) with the JSON error the resource routes give.
 */
export const rejectNulInAddress: MiddlewareHandler<ServerEnv> = async (c, next) => {
  if (!c.req.url.includes("%00")) return next();
  const headers = { "Cache-Control": "no-store" };
  if (c.req.header("accept")?.includes("text/html")) return c.text("Bad Request", 400, headers);
  const message = "The address may not hold a control character (%00).";
  return c.json({ error: "invalid-request", message }, 400, headers);
};
