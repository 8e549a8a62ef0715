// The client switcher: remembers the chosen client (only one the user may use) for later requests.
// A refusal answers with the one action-result shape (a translated toast).
import { redirect } from "react-router";
import { AppError } from "../../../../core/errors.ts";
import { activeClientSchema } from "../../../../core/tenancy/forms.ts";
import { servicesContext } from "../../../lib/context.ts";
import { serializeCookie } from "../../../lib/cookies.ts";
import { readForm, runForm } from "../../../lib/form-action.server.ts";
import { ruleFor } from "../../../lib/route-access.ts";
import { safeRedirectPath } from "../../../lib/safe-redirect.ts";
import { ACTIVE_CLIENT_COOKIE, loadStudioSession } from "../../../lib/studio-session.server.ts";
import type { Route } from "./+types/active-client.ts";

const ONE_YEAR_SECONDS = 365 * 24 * 3600;

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const secure = new URL(request.url).protocol === "https:";
  return runForm(
    null,
    form,
    activeClientSchema,
    async ({ clientId, redirectTo }) => {
      const back = safeRedirectPath(redirectTo, "/studio");
      if (!clientId) {
        // Super admins may work without a client.
        throw redirect(back, {
          headers: {
            "Set-Cookie": serializeCookie(ACTIVE_CLIENT_COOKIE, "", {
              maxAgeSeconds: 0,
              httpOnly: true,
              secure,
            }),
          },
        });
      }
      const session = await loadStudioSession(context.get(servicesContext), request, {
        requestedClient: clientId,
      });
      if (!session) throw redirect("/studio/user/login");
      if (session.requestedClientDenied || !session.activeClient)
        throw new AppError("not_found", "tenancy.notMember");
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
      throw redirect(target, { headers: { "Set-Cookie": cookie } });
    },
    undefined,
    { toastOnError: true },
  );
}

export function loader() {
  return redirect("/studio");
}
