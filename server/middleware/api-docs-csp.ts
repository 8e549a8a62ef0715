// The Content-Security-Policy of the API reference page (/api/docs) only. Scalar runs from our own copy of
// its bundle (no CDN) with a nonce, injects its styles at run time, fetches our OpenAPI document, and its
// "try it" client sends requests to our API (same origin). Compared with the site's policy
// (security-headers.ts) it adds nothing but blob: workers and blob:/data: fonts, which the bundle creates
// itself; everything else stays 'self'. The page may not be framed.
export function apiDocsCsp(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data: blob:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}
