import type { MiddlewareHandler } from "hono";
import type { ServerEnv } from "../context-variables.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Why a state-changing request is refused, or undefined when it may go on. Every method but GET, HEAD
 * and OPTIONS counts, whatever route answers it (pages, resource routes, /api/auth). With an Origin it
 * must be the site's own (BASE_URL) or the request URL's; "null" (sandboxed frames, some redirects) is
 * foreign. Without one, a browser's Sec-Fetch-Site still tells a cross-site or same-site (sibling
 * subdomain) request apart; a client that sends neither is not a browser and carries no victim's cookies.
 */
export function crossOriginRefusal(request: Request, allowedOrigins: readonly string[]): string | undefined {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return undefined;
  const origin = request.headers.get("origin");
  if (origin !== null) {
    const own = new Set([...allowedOrigins, new URL(request.url).origin]);
    return own.has(origin.trim()) ? undefined : "foreign origin";
  }
  const site = request.headers.get("sec-fetch-site")?.trim().toLowerCase();
  if (site === "cross-site" || site === "same-site") return `${site} request`;
  return undefined;
}

/**
 * Refuses (403, plain text) every state-changing request from a foreign or null Origin. The public API
 * (/api/v1) is left to itself: it uses no cookies, is called cross-origin by design, and answers other
 * methods with its own 405 problem.
 */
export function sameOrigin(baseUrl: string): MiddlewareHandler<ServerEnv> {
  const allowed = [new URL(baseUrl).origin];
  // Not an async function: a request that passes costs no extra promise.
  return (c, next) => {
    const path = c.req.path;
    if (path === "/api/v1" || path.startsWith("/api/v1/")) return next();
    const refusal = crossOriginRefusal(c.req.raw, allowed);
    if (!refusal) return next();
    c.get("log").warn({ origin: c.req.header("origin"), refusal }, "cross-origin request refused");
    return Promise.resolve(c.text("Forbidden: cross-origin request", 403, { "Cache-Control": "no-store" }));
  };
}
