// CORS for the API. Preflights are answered without a key (browsers send none with them). The real
// request decides: a publishable key called from one of its client's registered domains gets
// Access-Control-Allow-Origin for that origin; a secret key never does (a secret key in a browser is a
// leaked key); answers before any key is known (401, 404, 405) and a publishable key's refusal of an
// origin may be read by that origin — they hold nothing but the error.

export const EXPOSED_HEADERS = [
  "RateLimit-Limit",
  "RateLimit-Remaining",
  "RateLimit-Reset",
  "RateLimit-Policy",
  "X-Credits-Cost",
  "X-Credits-Remaining",
  "ETag",
  "X-Request-Id",
  "Retry-After",
].join(", ");

export const PREFLIGHT_MAX_AGE_SECONDS = 600;

/** The origin a browser sent, when it is a real one ("null" is not). */
export function browserOrigin(origin: string | undefined): string | undefined {
  const value = origin?.trim();
  return value && value !== "null" ? value : undefined;
}

export function corsHeaders(origin: string): Record<string, string> {
  return {
    "Access-Control-Allow-Origin": origin,
    "Access-Control-Expose-Headers": EXPOSED_HEADERS,
    Vary: "Origin",
  };
}

/**
 * The preflight's answer. `post`: the widget's event report, which also takes POST with a JSON body (the
 * widget itself sends a simple text/plain request, which needs no preflight and survives page unload).
 */
export function preflightHeaders(origin: string | undefined, post = false): Record<string, string> {
  return {
    ...(origin ? { "Access-Control-Allow-Origin": origin } : {}),
    "Access-Control-Allow-Methods": post ? "POST, OPTIONS" : "GET, HEAD, OPTIONS",
    "Access-Control-Allow-Headers": post ? "Content-Type" : "Authorization, X-API-Key, If-None-Match",
    "Access-Control-Max-Age": String(PREFLIGHT_MAX_AGE_SECONDS),
    Vary: "Origin",
    "Cache-Control": "no-store",
  };
}
