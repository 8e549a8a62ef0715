import { savedPreferences } from "../../core/account/saved-preferences.ts";
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_SECONDS } from "../../core/i18n/locales.ts";
import type { AppServices } from "../../core/services.ts";
import { COLOUR_MODE_COOKIE, COLOUR_MODE_COOKIE_MAX_AGE_SECONDS } from "./colour-mode-cookie.ts";
import { serializeCookie } from "./cookies.ts";

/** Cookies that carry a profile's saved language and colour mode into the browser it signs in from. */
export async function preferenceCookies(
  services: Pick<AppServices, "db">,
  userId: string,
  secure: boolean,
): Promise<string[]> {
  const saved = await savedPreferences(services, userId);
  if (!saved) return [];
  const cookies: string[] = [];
  if (saved.locale) {
    cookies.push(
      serializeCookie(LOCALE_COOKIE, saved.locale, { maxAgeSeconds: LOCALE_COOKIE_MAX_AGE_SECONDS, secure }),
    );
  }
  if (saved.colourMode !== "system") {
    cookies.push(
      serializeCookie(COLOUR_MODE_COOKIE, saved.colourMode, {
        maxAgeSeconds: COLOUR_MODE_COOKIE_MAX_AGE_SECONDS,
        secure,
      }),
    );
  }
  return cookies;
}
