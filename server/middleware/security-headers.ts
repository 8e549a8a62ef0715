import type { MiddlewareHandler } from "hono";
import type { ServerEnv } from "../types.ts";

/**
 * CSP with a per-request nonce for our few inline scripts, plus the usual hardening headers.
 * Google Tag Manager is allowed only when an id is configured. Pages may not be framed (the widget is a
 * script, not an iframe). In development Vite's client needs inline/eval and a websocket.
 */
export function securityHeaders(options: {
  gtm: boolean;
  development: boolean;
  https: boolean;
}): MiddlewareHandler<ServerEnv> {
  const gtmHosts = options.gtm ? " https://www.googletagmanager.com" : "";
  const gaConnect = options.gtm
    ? " https://*.google-analytics.com https://*.analytics.google.com https://www.googletagmanager.com"
    : "";
  return async (c, next) => {
    await next();
    const nonce = c.get("nonce");
    const scriptSrc = options.development
      ? "'self' 'unsafe-inline' 'unsafe-eval'"
      : `'self' 'nonce-${nonce}'${gtmHosts}`;
    const connectSrc = options.development ? "'self' ws: wss:" : `'self'${gaConnect}`;
    const csp = [
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
    const headers = c.res.headers;
    if (!headers.has("Content-Security-Policy")) headers.set("Content-Security-Policy", csp);
    headers.set("X-Content-Type-Options", "nosniff");
    headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
    headers.set("X-Frame-Options", "DENY");
    headers.set("Cross-Origin-Opener-Policy", "same-origin");
    headers.set("Permissions-Policy", "geolocation=(self), camera=(), microphone=(), payment=()");
    if (options.https) headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  };
}
