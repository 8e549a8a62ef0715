import type { Context, MiddlewareHandler } from "hono";
import type { ServerEnv } from "../context-variables.ts";
import { defaultResponseHeader, nodeResponse } from "./node-bindings.ts";

/** A document a browser renders: the only kind whose scripts, frames and features need a policy. */
const DOCUMENT = /^\s*(text\/html|application\/xhtml\+xml)\b/i;

export type SecurityOptions = { gtm: boolean; development: boolean; https: boolean };

/** What every response carries: the short policy (no loads, no framing), nosniff, referrer, HSTS over HTTPS. */
function siteWideHeaders(options: SecurityOptions): [string, string][] {
  const headers: [string, string][] = [
    ["Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'"],
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["X-Frame-Options", "DENY"],
  ];
  if (options.https) headers.push(["Strict-Transport-Security", "max-age=31536000; includeSubDomains"]);
  return headers;
}

/**
 * Every response: the short policy that lets it load nothing and be framed nowhere, nosniff, the
 * referrer policy, and HSTS over HTTPS. Documents get their full policy from documentSecurityHeaders on
 * the routes that render them, so this touches no response: on Node the headers go on the Node
 * response before the route runs (`before`, true when done), under whatever headers the route's own
 * response has (a route's own value wins); elsewhere `after` sets those the route's response lacks.
 */
export function securityHeaderSteps(options: SecurityOptions) {
  const headers = siteWideHeaders(options);
  return {
    before(c: Context): boolean {
      const outgoing = nodeResponse(c);
      if (!outgoing) return false;
      for (const [name, value] of headers) outgoing.setHeader(name, value);
      return true;
    },
    after(c: Context) {
      for (const [name, value] of headers) defaultResponseHeader(c, name, value);
    },
  };
}

/** A document's own headers: its CSP (naming the nonce its inline scripts carry), COOP, Permissions-Policy. */
function documentPolicy(options: SecurityOptions) {
  const gtmHosts = options.gtm ? " https://www.googletagmanager.com" : "";
  const gaConnect = options.gtm
    ? " https://*.google-analytics.com https://*.analytics.google.com https://www.googletagmanager.com"
    : "";
  const policy = (scriptSrc: string, connectSrc: string) =>
    [
      "default-src 'self'",
      `script-src ${scriptSrc}`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob: https:",
      "font-src 'self' data:",
      `connect-src ${connectSrc}`,
      "frame-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join("; ");
  // Built once: per request only the nonce goes in.
  const NONCE = "\u0000";
  const [beforeNonce, afterNonce] = policy(`'self' 'nonce-${NONCE}'${gtmHosts}`, `'self'${gaConnect}`).split(
    NONCE,
  ) as [string, string];
  const developmentPolicy = policy("'self' 'unsafe-inline' 'unsafe-eval'", "'self' ws: wss:");
  const documentOnly: [string, string][] = [
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ["Permissions-Policy", "geolocation=(self), camera=(), microphone=(), payment=()"],
  ];
  return {
    csp: (nonce: string) => (options.development ? developmentPolicy : beforeNonce + nonce + afterNonce),
    documentOnly,
  };
}

/**
 * Every header a document answer carries besides its own (the Node front of the page cache writes
 * them itself): the site-wide ones, with the document's policy in place of the short one.
 */
export function documentAnswerHeaders(options: SecurityOptions): (nonce: string) => [string, string][] {
  const siteWide = siteWideHeaders(options).filter(([name]) => name !== "Content-Security-Policy");
  const { csp, documentOnly } = documentPolicy(options);
  return (nonce) => [...siteWide, ["Content-Security-Policy", csp(nonce)], ...documentOnly];
}

/**
 * For the routes that render documents (the pages, the API reference): on an HTML answer (or a 304 that
 * revalidates one), CSP with the request's nonce for our few inline scripts, and the document-only policies. Google Tag Manager is
 * allowed only when an id is configured. Pages may not be framed (the widget is a script, not an
 * iframe). In development Vite's client needs inline/eval and a websocket. A CSP the route set itself
 * stays.
 */
export function documentSecurityHeaders(options: SecurityOptions): MiddlewareHandler<ServerEnv> {
  const { csp: cspFor, documentOnly } = documentPolicy(options);
  return async (c, next) => {
    await next();
    // A 304 too: the browser keeps the stored page and takes the policy from this answer (with the
    // nonce of the cached page, server/page-cache.ts); a non-document policy would block its scripts.
    if (c.res.status !== 304 && !DOCUMENT.test(c.res.headers.get("content-type") ?? "")) return;
    const csp = cspFor(c.get("nonce"));
    if (!c.res.headers.has("Content-Security-Policy")) setOnResponse(c, "Content-Security-Policy", csp);
    for (const [name, value] of documentOnly) setOnResponse(c, name, value);
  };
}

/** On the route's response itself, so it wins over the defaults set on the Node response. */
function setOnResponse(c: Context, name: string, value: string) {
  try {
    c.res.headers.set(name, value);
  } catch {
    // immutable headers (Response.redirect(), a fetched response): a copy takes them
    c.res = new Response(c.res.body, c.res);
    c.res.headers.set(name, value);
  }
}
