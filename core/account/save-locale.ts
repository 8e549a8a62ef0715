// The language chosen in a header's language menu, kept on the signed-in user's profile as well as in
// the browser's cookie (issue #22): the next sign-in, here or elsewhere, brings it back rather than the
// profile's older one. Audited as profile.update, like the profile page's preferences.
import type { Locale } from "../i18n/locales.ts";
import type { Actor } from "../access/actor.ts";
import type { AppServices } from "../services.ts";
import { updateOwnProfile } from "./profile-settings.ts";

export async function saveLocale(
  services: Pick<AppServices, "db">,
  actor: Actor,
  locale: Locale,
): Promise<void> {
  await updateOwnProfile(services, actor, { locale });
}
