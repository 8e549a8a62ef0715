import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_SECONDS, isLocale } from "../../core/i18n/locales.ts";
import { getProfileDetails } from "../../core/tenancy/get-profile.ts";
import type { AppServices } from "../../core/services.ts";
import { COLOUR_MODE_COOKIE, COLOUR_MODE_COOKIE_MAX_AGE_SECONDS } from "./colour-mode.ts";
import { serializeCookie } from "./cookies.ts";

/** Cookies that carry a profile's saved language and colour mode into the browser it signs in from. */
export async function preferenceCookies(
  db: AppServices["db"],
  userId: string,
  secure: boolean,
): Promise<string[]> {
  const profile = await getProfileDetails(db, userId).catch(() => null);
  if (!profile) return [];
  const cookies: string[] = [];
  if (profile.locale && isLocale(profile.locale)) {
    cookies.push(
      serializeCookie(LOCALE_COOKIE, profile.locale, {
        maxAgeSeconds: LOCALE_COOKIE_MAX_AGE_SECONDS,
        secure,
      }),
    );
  }
  if (profile.colourMode !== "system") {
    cookies.push(
      serializeCookie(COLOUR_MODE_COOKIE, profile.colourMode, {
        maxAgeSeconds: COLOUR_MODE_COOKIE_MAX_AGE_SECONDS,
        secure,
      }),
    );
  }
  return cookies;
}
