// GET /cinemas/{slug}/calendar.ics: the cinema's shows of the next two weeks as a calendar to subscribe to.
import { servicesContext } from "../../lib/context.ts";
import { requestLocale } from "../../lib/request-locale.server.ts";
import type { Route } from "./+types/cinema-calendar-ics.ts";
import { cinemaFeed } from "./calendar-feeds.server.ts";
import { calendarResponse, notFoundResponse } from "./calendar-response.server.ts";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const result = await cinemaFeed(context.get(servicesContext), params.slug, requestLocale(request));
  if (result.kind !== "feed") return notFoundResponse();
  return calendarResponse(request, result.body, {
    filename: result.filename,
    maxAgeSeconds: 900,
    attachment: false,
  });
}
