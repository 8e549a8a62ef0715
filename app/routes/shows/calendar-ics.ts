// GET /shows/{id}/calendar.ics: the show as an iCalendar file (its cinema's VTIMEZONE, local start and end,
// the booking link) to open in any calendar app. Unknown or ended shows: 404.
import { buildCalendar } from "../../../core/calendar/ics.ts";
import { servicesContext } from "../../lib/context.ts";
import { requestLocale } from "../../lib/request-locale.server.ts";
import type { Route } from "./+types/calendar-ics.ts";
import { calendarResponse, notFoundResponse } from "./calendar-response.server.ts";
import { findShowForCalendar } from "./show-page.server.ts";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const found = await findShowForCalendar(context.get(servicesContext), params.id, requestLocale(request));
  if (!found) return notFoundResponse();
  const body = buildCalendar({ events: [found.event] });
  return calendarResponse(request, body, { filename: `show-${found.show.id}.ics`, maxAgeSeconds: 300 });
}
