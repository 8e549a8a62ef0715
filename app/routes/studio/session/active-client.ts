import { data, redirect } from "react-router";
import { servicesContext } from "../../../lib/context.ts";
import { serializeCookie } from "../../../lib/cookies.ts";
import { ruleFor } from "../../../lib/route-access.ts";
import { safeRedirectPath } from "../../../lib/safe-redirect.ts";
import { ACTIVE_CLIENT_COOKIE, loadStudioSession } from "../../../lib/studio-session.server.ts";
import type { Route } from "./+types/active-client.ts";

const ONE_YEAR_SECONDS = 365 * 24 * 3600;

/** The client switcher: remembers the chosen client (only one the user may use) for later requests. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const clientId = String(form.get("clientId") ?? "");
  const back = safeRedirectPath(form.get("redirectTo"), "/studio");
  const secure = new URL(request.url).protocol === "https:";
  if (!clientId) {
    // Super admins may work without a client.
    return redirect(back, {
      headers: {
        "Set-Cookie": serializeCookie(ACTIVE_CLIENT_COOKIE, "", { maxAgeSeconds: 0, httpOnly: true, secure }),
      },
    });
  }
  const session = await loadStudioSession(context.get(servicesContext), request, {
    requestedClient: clientId,
  });
  if (!session) throw redirect("/studio/user/login");
  if (session.requestedClientDenied || !session.activeClient)
    return data({ error: "unknown client" }, { status: 404 });
  const cookie = serializeCookie(ACTIVE_CLIENT_COOKIE, session.activeClient.id, {
    maxAgeSeconds: ONE_YEAR_SECONDS,
    httpOnly: true,
    secure,
  });
  // On a page of the previous client ({slug}), go to the same page of the new one.
  const rule = ruleFor(new URL(back, request.url).pathname);
  const target = rule?.rule.guards.includes("client-access")
    ? rule.rule.path.replace(":slug", session.activeClient.slug)
    : back;
  return redirect(target, { headers: { "Set-Cookie": cookie } });
}

export function loader() {
  return redirect("/studio");
}
