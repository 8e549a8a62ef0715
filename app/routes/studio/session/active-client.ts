// The header's client switcher. A member's choice (only a client they belong to) is remembered in a
// cookie for later requests. A super admin acts for a client only by impersonating it, so for them a
// client starts impersonation and "No client (platform)" stops it. A refusal answers with the one
// action-result shape (a translated toast).
import { redirect } from "react-router";
import { AppError } from "../../../../core/errors.ts";
import { activeClientSchema } from "../../../../core/tenancy/tenancy-schemas.ts";
import { startImpersonation } from "../../../../core/tenancy/start-impersonation.ts";
import { stopImpersonation } from "../../../../core/tenancy/stop-impersonation.ts";
import { servicesContext } from "../../../lib/context.ts";
import { serializeCookie } from "../../../lib/cookies.ts";
import { readForm, runForm } from "../../../lib/form-action.server.ts";
import { ruleFor } from "../../../lib/route-access.ts";
import { safeRedirectPath } from "../../../lib/safe-redirect.ts";
import { ACTIVE_CLIENT_COOKIE, loadStudioSession } from "../../../lib/studio-session.server.ts";
import type { Route } from "./+types/active-client.ts";

const ONE_YEAR_SECONDS = 365 * 24 * 3600;

/** The page to land on: on a page of the previous client ({slug}), the same page of the new one. */
function samePageFor(back: string, requestUrl: string, slug: string | null) {
  const rule = ruleFor(new URL(back, requestUrl).pathname);
  if (!rule?.rule.guards.includes("client-access")) return back;
  return slug ? rule.rule.path.replace(":slug", slug) : "/studio";
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const form = await readForm(request);
  const secure = new URL(request.url).protocol === "https:";
  const cookieOf = (value: string) =>
    serializeCookie(ACTIVE_CLIENT_COOKIE, value, {
      maxAgeSeconds: value ? ONE_YEAR_SECONDS : 0,
      httpOnly: true,
      secure,
    });
  return runForm(
    null,
    form,
    activeClientSchema,
    async ({ clientId, redirectTo }) => {
      const back = safeRedirectPath(redirectTo, "/studio");
      const session = await loadStudioSession(services, request, { requestedClient: clientId ?? null });
      if (!session) throw redirect("/studio/user/login");
      const headers = { "Set-Cookie": cookieOf("") };
      if (session.actor.isSuperAdmin) {
        const sessionId = session.session.id;
        if (!clientId) {
          await stopImpersonation(services, session.actor, { sessionId });
          throw redirect(samePageFor(back, request.url, null), { headers });
        }
        const { client } = await startImpersonation(services, session.actor, { sessionId, clientId });
        throw redirect(samePageFor(back, request.url, client.slug || null), { headers });
      }
      if (!clientId) throw redirect(back, { headers });
      if (session.requestedClientDenied || !session.activeClient)
        throw new AppError("not_found", "tenancy.notMember");
      throw redirect(samePageFor(back, request.url, session.activeClient.slug || null), {
        headers: { "Set-Cookie": cookieOf(session.activeClient.id) },
      });
    },
    undefined,
    { toastOnError: true },
  );
}

export function loader() {
  return redirect("/studio");
}
