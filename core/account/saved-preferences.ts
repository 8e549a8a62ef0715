// The language and colour mode saved on a user's profile, for the cookies that carry them into the
// browser the user signs in from. null when the user has no profile (yet).
import type { AppServices } from "../services.ts";
import { isLocale, type Locale } from "../i18n/locales.ts";
import { getProfileDetails } from "../tenancy/get-profile.ts";
import type { ColourMode } from "../tenancy/colour-mode.ts";

export async function savedPreferences(
  services: Pick<AppServices, "db">,
  userId: string,
): Promise<{ locale: Locale | null; colourMode: ColourMode } | null> {
  const profile = await getProfileDetails(services.db, userId).catch(() => null);
  if (!profile) return null;
  return {
    locale: profile.locale && isLocale(profile.locale) ? profile.locale : null,
    colourMode: profile.colourMode,
  };
}
