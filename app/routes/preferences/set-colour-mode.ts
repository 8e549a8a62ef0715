import { data, redirect } from "react-router";
import { colourModeChoiceSchema } from "../../../core/preferences/preference-schemas.ts";
import { COLOUR_MODE_COOKIE, COLOUR_MODE_COOKIE_MAX_AGE_SECONDS } from "../../lib/colour-mode-cookie.ts";
import { serializeCookie } from "../../lib/cookies.ts";
import { invalid, parseForm, readForm } from "../../lib/form-action.server.ts";
import { returnPath } from "../../lib/safe-redirect.ts";
import type { Route } from "./+types/set-colour-mode.ts";

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const submission = parseForm(form, colourModeChoiceSchema);
  if (submission.status !== "success") return invalid(null, submission);
  const cookie = serializeCookie(COLOUR_MODE_COOKIE, submission.value.mode, {
    maxAgeSeconds: COLOUR_MODE_COOKIE_MAX_AGE_SECONDS,
  });
  return redirect(returnPath(request, form), { headers: { "Set-Cookie": cookie } });
}

export function loader() {
  throw data(null, { status: 405 });
}
