// The user's language and colour mode, saved on their profile (audited as profile.update). The route
// also sets the matching cookies, so this browser follows at once.
import type { AppServices } from "../services.ts";
import { assertOwnAccount, type AccountSession } from "./account-session.ts";
import type { PreferencesForm } from "./forms.ts";
import { updateOwnProfile } from "./profile-settings.ts";

export async function savePreferences(
  services: Pick<AppServices, "db">,
  account: AccountSession,
  input: PreferencesForm,
): Promise<PreferencesForm> {
  assertOwnAccount(account);
  await updateOwnProfile(services.db, account.actor, { locale: input.locale, colourMode: input.colourMode });
  return input;
}
