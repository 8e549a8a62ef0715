import { data, redirect } from "react-router";
import { isLocale, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_SECONDS } from "../../../core/i18n/locales.ts";
import { serializeCookie } from "../../lib/cookies.ts";
import { returnPath } from "../../lib/safe-redirect.ts";
import type { Route } from "./+types/locale.ts";

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const locale = form.get("locale");
  if (typeof locale !== "string" || !isLocale(locale))
    return data({ error: "unknown locale" }, { status: 400 });
  const cookie = serializeCookie(LOCALE_COOKIE, locale, { maxAgeSeconds: LOCALE_COOKIE_MAX_AGE_SECONDS });
  return redirect(returnPath(request, form), { headers: { "Set-Cookie": cookie } });
}

export function loader() {
  throw data(null, { status: 405 });
}
