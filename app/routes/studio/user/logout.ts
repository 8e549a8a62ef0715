import { redirect } from "react-router";
import { recordSignOut } from "../../../../core/auth/record-auth-event.ts";
import { requestMeta } from "../../../../core/request-meta.ts";
import { forwardCookies } from "../../../lib/auth-response.server.ts";
import { servicesContext } from "../../../lib/context.ts";
import { GLOBAL_GUARD } from "../../../lib/route-access.ts";
import { studioSessionContext } from "../../../lib/studio-session.server.ts";
import type { Route } from "./+types/logout.ts";

/** Signs out (audited) and goes to the login screen, whether or not a session was still there. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const session = context.get(studioSessionContext);
  const response = await services.auth.api.signOut({ headers: request.headers, asResponse: true });
  if (session) {
    await recordSignOut(services, {
      profileId: session.profile.id,
      sessionId: session.session.id,
      ...requestMeta(request),
    });
  }
  return redirect(GLOBAL_GUARD.loginPath, { headers: forwardCookies(response) });
}

export function loader() {
  return redirect(GLOBAL_GUARD.loginPath);
}
