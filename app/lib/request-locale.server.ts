import { allowedLocalesForPath, LOCALE_COOKIE, resolveLocale, type Locale } from "../../core/i18n/locales.ts";
import { parseCookies } from "./cookies.ts";

/** The locale of this request: cookie → Accept-Language → en, among the locales its path offers. */
export function requestLocale(request: Request): Locale {
  const cookies = parseCookies(request.headers.get("cookie"));
  return resolveLocale({
    cookie: cookies[LOCALE_COOKIE],
    acceptLanguage: request.headers.get("accept-language"),
    allowed: allowedLocalesForPath(new URL(request.url).pathname),
  });
}
