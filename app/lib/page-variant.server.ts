// What besides its URL makes a public page what it is: the visitor's language, colour mode and consent
// choice. The server's page cache (server/page-cache.ts) keys rendered pages by URL and this.
import { COLOUR_MODE_COOKIE, parseColourMode } from "./colour-mode-cookie.ts";
import { CONSENT_COOKIE, parseConsent, serializeConsent } from "./consent-cookie.ts";
import { parseCookies } from "./cookies.ts";
import { type RequestHead, requestLocale } from "./request-locale.server.ts";

export function pageVariant(request: RequestHead): string {
  const cookies = parseCookies(request.headers.get("cookie"));
  const consent = parseConsent(cookies[CONSENT_COOKIE]);
  return [
    requestLocale(request),
    parseColourMode(cookies[COLOUR_MODE_COOKIE]),
    consent ? serializeConsent(consent) : "unset",
  ].join(" ");
}
