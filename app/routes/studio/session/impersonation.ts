import { data, redirect } from "react-router";
import { isAppError } from "../../../../core/errors.ts";
import { startImpersonation } from "../../../../core/tenancy/start-impersonation.ts";
import { stopImpersonation } from "../../../../core/tenancy/stop-impersonation.ts";
import { servicesContext } from "../../../lib/context.ts";
import { safeRedirectPath } from "../../../lib/safe-redirect.ts";
import { studioSessionContext } from "../../../lib/studio-session.server.ts";
import type { Route } from "./+types/impersonation.ts";

/** Start or stop impersonating a client; kept in the server-side session, so every request acts as it. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const session = context.get(studioSessionContext);
  if (!session) throw redirect("/studio/user/login");
  const form = await request.formData();
  const intent = form.get("intent");
  try {
    if (intent === "start") {
      const { client } = await startImpersonation(services.db, session.actor, {
        sessionId: session.session.id,
        clientId: String(form.get("clientId") ?? ""),
      });
      return redirect(client.slug ? `/studio/${client.slug}` : "/studio");
    }
    if (intent === "stop") {
      await stopImpersonation(services.db, session.actor, { sessionId: session.session.id });
      return redirect(safeRedirectPath(form.get("redirectTo"), "/studio/config/clients"));
    }
  } catch (error) {
    if (isAppError(error)) return data({ error: error.message }, { status: error.status });
    throw error;
  }
  return data({ error: "unknown intent" }, { status: 400 });
}

export function loader() {
  return redirect("/studio");
}
