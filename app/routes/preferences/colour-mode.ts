import { data, redirect } from "react-router";
import { isColourMode } from "../../../core/account/colour-mode.ts";
import { COLOUR_MODE_COOKIE, COLOUR_MODE_COOKIE_MAX_AGE_SECONDS } from "../../lib/colour-mode.ts";
import { serializeCookie } from "../../lib/cookies.ts";
import { returnPath } from "../../lib/safe-redirect.ts";
import type { Route } from "./+types/colour-mode.ts";

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const mode = form.get("mode");
  if (!isColourMode(mode)) throw data(null, { status: 400 });
  const cookie = serializeCookie(COLOUR_MODE_COOKIE, mode, {
    maxAgeSeconds: COLOUR_MODE_COOKIE_MAX_AGE_SECONDS,
  });
  return redirect(returnPath(request, form), { headers: { "Set-Cookie": cookie } });
}

export function loader() {
  throw data(null, { status: 405 });
}
