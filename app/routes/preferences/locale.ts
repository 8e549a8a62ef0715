import { data, redirect } from "react-router";
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_SECONDS } from "../../../core/i18n/locales.ts";
import { localeChoiceSchema } from "../../../core/preferences/forms.ts";
import { servicesContext } from "../../lib/context.ts";
import { serializeCookie } from "../../lib/cookies.ts";
import { invalid, parseForm, readForm } from "../../lib/form-action.server.ts";
import { withoutLangParam } from "../../lib/public-urls.ts";
import { returnPath } from "../../lib/safe-redirect.ts";
import type { Route } from "./+types/locale.ts";

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const submission = parseForm(form, localeChoiceSchema);
  if (submission.status !== "success") return invalid(null, submission);
  // Only a finished language can be chosen (the pickers offer no other).
  if (!context.get(servicesContext).i18n.offered.includes(submission.value.locale)) {
    return invalid(null, parseForm(new FormData(), localeChoiceSchema));
  }
  const cookie = serializeCookie(LOCALE_COOKIE, submission.value.locale, {
    maxAgeSeconds: LOCALE_COOKIE_MAX_AGE_SECONDS,
  });
  // Back without ?lang=, which would outvote the choice just made.
  return redirect(withoutLangParam(returnPath(request, form)), { headers: { "Set-Cookie": cookie } });
}

export function loader() {
  throw data(null, { status: 405 });
}
