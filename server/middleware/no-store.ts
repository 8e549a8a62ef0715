import type { Context } from "hono";

/**
 * A path as React Router and the auth routes would see it, coarsely: percent-decoded (leniently),
 * repeated slashes collapsed, lower case. Only for deciding where a header goes; failing towards "yes".
 */
function looseDecodedPath(pathname: string) {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // a malformed escape: judge the raw path
  }
  return decoded.replace(/\/{2,}/g, "/").toLowerCase();
}

/** Studio pages, their data requests and the auth endpoints: personal, never stored by any cache. */
export function isPrivatePath(pathname: string) {
  // Most paths have nothing to decode or collapse: only their case is loose.
  const path =
    pathname.includes("%") || pathname.includes("//") ? looseDecodedPath(pathname) : pathname.toLowerCase();
  return path.startsWith("/studio") || path.startsWith("/api/auth");
}

/** Makes the response say Cache-Control: no-store unless it already does. */
export function applyNoStore(c: Context) {
  const current = c.res.headers.get("cache-control") ?? "";
  if (!/\bno-store\b/i.test(current)) c.res.headers.set("Cache-Control", "no-store");
}
