import { data, redirect } from "react-router";
import { CONSENT_COOKIE, CONSENT_COOKIE_MAX_AGE_SECONDS } from "../../lib/consent.ts";
import { serializeCookie } from "../../lib/cookies.ts";
import { returnPath } from "../../lib/safe-redirect.ts";
import type { Route } from "./+types/consent.ts";

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const consent = form.get("consent");
  const clear = consent === "reset";
  if (consent !== "granted" && consent !== "denied" && !clear) {
    return data({ error: "invalid consent" }, { status: 400 });
  }
  const cookie = serializeCookie(CONSENT_COOKIE, clear ? "" : consent, {
    maxAgeSeconds: clear ? 0 : CONSENT_COOKIE_MAX_AGE_SECONDS,
  });
  return redirect(returnPath(request, form), { headers: { "Set-Cookie": cookie } });
}

export function loader() {
  throw data(null, { status: 405 });
}
