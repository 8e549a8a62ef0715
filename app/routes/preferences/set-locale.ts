import { data, redirect } from "react-router";
import { saveLocale } from "../../../core/account/save-locale.ts";
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_SECONDS } from "../../../core/i18n/locales.ts";
import { localeChoiceSchema } from "../../../core/preferences/preference-schemas.ts";
import { servicesContext } from "../../lib/context.ts";
import { serializeCookie } from "../../lib/cookies.ts";
import { invalid, parseForm, readForm } from "../../lib/form-action.server.ts";
import { withoutLangParam } from "../../lib/public-urls.ts";
import { returnPath } from "../../lib/safe-redirect.ts";
import { loadStudioSession } from "../../lib/studio-session.server.ts";
import type { Route } from "./+types/set-locale.ts";

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const form = await readForm(request);
  const submission = parseForm(form, localeChoiceSchema);
  if (submission.status !== "success") return invalid(null, submission);
  const { locale } = submission.value;
  // Only a finished language can be chosen (the pickers offer no other).
  if (!services.i18n.offered.includes(locale)) {
    return invalid(null, parseForm(new FormData(), localeChoiceSchema));
  }
  const headers = new Headers();
  headers.append(
    "Set-Cookie",
    serializeCookie(LOCALE_COOKIE, locale, { maxAgeSeconds: LOCALE_COOKIE_MAX_AGE_SECONDS }),
  );
  // Signed in: the profile keeps the choice too (the cookie alone would lose it at the next sign-in).
  const session = await loadStudioSession(services, request);
  if (session) {
    await saveLocale(services, session.actor, locale);
    for (const cookie of session.setCookies) headers.append("Set-Cookie", cookie);
  }
  // Back without ?lang=, which would outvote the choice just made.
  return redirect(withoutLangParam(returnPath(request, form)), { headers });
}

export function loader() {
  throw data(null, { status: 405 });
}
