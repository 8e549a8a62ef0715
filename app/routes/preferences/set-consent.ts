import { data, redirect } from "react-router";
import { consentChoiceSchema } from "../../../core/preferences/preference-schemas.ts";
import {
  ALL_DENIED,
  ALL_GRANTED,
  CONSENT_COOKIE,
  CONSENT_COOKIE_MAX_AGE_SECONDS,
  serializeConsent,
} from "../../lib/consent-cookie.ts";
import { serializeCookie } from "../../lib/cookies.ts";
import { invalid, parseForm, readForm } from "../../lib/form-action.server.ts";
import { returnPath } from "../../lib/safe-redirect.ts";
import type { Route } from "./+types/set-consent.ts";

/** Stores the visitor's choice (or clears it, to ask again) and goes back to the page it came from. */
export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const submission = parseForm(form, consentChoiceSchema);
  if (submission.status !== "success") return invalid(null, submission);
  const { consent, analytics, marketing } = submission.value;
  const choice =
    consent === "accept" ? ALL_GRANTED : consent === "reject" ? ALL_DENIED : { analytics, marketing };
  const clear = consent === "reset";
  const cookie = serializeCookie(CONSENT_COOKIE, clear ? "" : serializeConsent(choice), {
    maxAgeSeconds: clear ? 0 : CONSENT_COOKIE_MAX_AGE_SECONDS,
  });
  return redirect(returnPath(request, form), { headers: { "Set-Cookie": cookie } });
}

export function loader() {
  throw data(null, { status: 405 });
}
