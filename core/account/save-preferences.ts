// The user's language, colour mode and time zone, saved on their profile (audited as profile.update). The
// route also sets the matching cookies, so this browser follows at once.
import { AppError } from "../errors.ts";
import { messageRef } from "../i18n/message-ref.ts";
import type { AppServices } from "../services.ts";
import { assertOwnAccount, type AccountSession } from "./account-session.ts";
import type { PreferencesForm } from "./account-schemas.ts";
import { updateOwnProfile } from "./profile-settings.ts";
import { canonicalTimeZone } from "./time-zone.ts";

export async function savePreferences(
  services: Pick<AppServices, "db" | "i18n">,
  account: AccountSession,
  input: PreferencesForm,
): Promise<PreferencesForm> {
  assertOwnAccount(account);
  // Only a finished language is offered (MessageCatalog.offered); a hand-made choice of another is refused.
  if (!services.i18n.offered.includes(input.locale)) {
    throw new AppError("invalid_input", "form.invalid", {
      fieldErrors: { locale: messageRef("studio.profile.preferences.invalid") },
    });
  }
  const timeZone = canonicalTimeZone(input.timeZone);
  if (!timeZone) {
    throw new AppError("invalid_input", "form.invalid", {
      fieldErrors: { timeZone: messageRef("studio.profile.preferences.timeZoneInvalid") },
    });
  }
  await updateOwnProfile(services, account.actor, {
    locale: input.locale,
    colourMode: input.colourMode,
    timeZone,
  });
  return { ...input, timeZone };
}
