// The user's name (kept by better-auth) and display name (our profile), changed together and
// audited as one profile.update row with the values before and after.
import type { AppServices } from "../services.ts";
import { assertOwnAccount, setCookiesOf, type AccountRequest } from "./account-session.ts";
import { callAuth } from "./auth-call.ts";
import type { NameForm } from "./account-schemas.ts";
import { updateOwnProfile } from "./profile-settings.ts";

export async function updateAccountName(
  services: Pick<AppServices, "db" | "auth">,
  account: AccountRequest,
  input: NameForm,
): Promise<{ setCookies: string[] }> {
  assertOwnAccount(account);
  const response = await callAuth(() =>
    services.auth.api.updateUser({ body: { name: input.name }, headers: account.headers, asResponse: true }),
  );
  await updateOwnProfile(
    services,
    account.actor,
    { displayName: input.displayName || null },
    { before: { name: account.user.name }, after: { name: input.name } },
  );
  return { setCookies: setCookiesOf(response) };
}
