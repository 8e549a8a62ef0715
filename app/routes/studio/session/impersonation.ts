// Start or stop impersonating a client (super admins); kept in the server-side session, so every
// request acts as it. A refusal answers with the one action-result shape (a translated toast).
import { redirect } from "react-router";
import {
  startImpersonationSchema,
  stopImpersonationSchema,
} from "../../../../core/tenancy/tenancy-schemas.ts";
import { startImpersonation } from "../../../../core/tenancy/start-impersonation.ts";
import { stopImpersonation } from "../../../../core/tenancy/stop-impersonation.ts";
import { servicesContext } from "../../../lib/context.ts";
import { readForm, readIntent, runForm, unknownIntent } from "../../../lib/form-action.server.ts";
import { safeRedirectPath } from "../../../lib/safe-redirect.ts";
import { studioSessionContext } from "../../../lib/studio-session.server.ts";
import type { Route } from "./+types/impersonation.ts";

export const IMPERSONATION_INTENTS = ["start", "stop"] as const;

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const session = context.get(studioSessionContext);
  if (!session) throw redirect("/studio/user/login");
  const form = await readForm(request);
  const intent = readIntent(form, IMPERSONATION_INTENTS);
  const sessionId = session.session.id;
  switch (intent) {
    case "start":
      return runForm(
        intent,
        form,
        startImpersonationSchema,
        async ({ clientId }) => {
          const { client } = await startImpersonation(services, session.actor, { sessionId, clientId });
          throw redirect(client.slug ? `/studio/${client.slug}` : "/studio");
        },
        undefined,
        { toastOnError: true },
      );
    case "stop":
      return runForm(
        intent,
        form,
        stopImpersonationSchema,
        async ({ redirectTo }) => {
          await stopImpersonation(services, session.actor, { sessionId });
          throw redirect(safeRedirectPath(redirectTo, "/studio/config/clients"));
        },
        undefined,
        { toastOnError: true },
      );
    default:
      return unknownIntent();
  }
}

export function loader() {
  return redirect("/studio");
}
