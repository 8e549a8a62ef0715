import { allowedLocalesForPath, LOCALE_COOKIE, resolveLocale, type Locale } from "../../core/i18n/locales.ts";
import { parseCookies } from "./cookies.ts";
import { localeFromQuery } from "./public-urls.ts";

/** What the locale is read from: a Fetch `Request`, or the head of a Node request (server/page-cache-front.ts). */
export type RequestHead = { url: string; headers: { get(name: string): string | null } };

/**
 * The locale of this request: ?lang= (the URL search engines index per language) → cookie →
 * Accept-Language → en, among the locales its path offers. `offered` is the message catalogue's
 * finished locales (MessageCatalog.offered): an unfinished one is passed over like an unknown one.
 */
export function requestLocale(request: RequestHead, offered?: readonly Locale[]): Locale {
  const url = new URL(request.url);
  const allowed = allowedLocalesForPath(url.pathname, offered);
  const fromQuery = localeFromQuery(url, allowed);
  if (fromQuery) return fromQuery;
  const cookies = parseCookies(request.headers.get("cookie"));
  return resolveLocale({
    cookie: cookies[LOCALE_COOKIE],
    acceptLanguage: request.headers.get("accept-language"),
    allowed,
  });
}
