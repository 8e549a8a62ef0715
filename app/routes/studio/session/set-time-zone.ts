// The browser's time zone, posted once by the studio frame when the profile keeps none yet (TimeZoneSync in
// app/components/shell/local-time.tsx): from then on the server renders every time in it.
import { redirect } from "react-router";
import { browserTimeZoneSchema } from "../../../../core/account/account-schemas.ts";
import { keepBrowserTimeZone } from "../../../../core/account/keep-browser-time-zone.ts";
import { servicesContext } from "../../../lib/context.ts";
import { readForm, runForm } from "../../../lib/form-action.server.ts";
import { studioSessionContext } from "../../../lib/studio-session.server.ts";
import type { Route } from "./+types/set-time-zone.ts";

export async function action({ request, context }: Route.ActionArgs) {
  const session = context.get(studioSessionContext);
  if (!session) throw redirect("/studio/user/login");
  const services = context.get(servicesContext);
  return runForm(null, await readForm(request), browserTimeZoneSchema, (value) =>
    keepBrowserTimeZone(services, session.actor, value),
  );
}

export function loader() {
  return redirect("/studio");
}
