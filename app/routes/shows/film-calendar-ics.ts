// GET /films/{slug}/calendar.ics?city=…: the film's shows in that city in the next two weeks, as a calendar
// to subscribe to. A merged film's feed moves to the film that took its shows.
import { redirect } from "react-router";
import { servicesContext } from "../../lib/context.ts";
import { requestLocale } from "../../lib/request-locale.server.ts";
import type { Route } from "./+types/film-calendar-ics.ts";
import { filmFeed } from "./calendar-feeds.server.ts";
import { calendarResponse, notFoundResponse } from "./calendar-response.server.ts";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const result = await filmFeed(
    context.get(servicesContext),
    params.slug,
    url.searchParams.get("city"),
    requestLocale(request),
  );
  if (result.kind === "moved") {
    throw redirect(`/films/${encodeURIComponent(result.slug)}/calendar.ics${url.search}`, 301);
  }
  if (result.kind !== "feed") return notFoundResponse();
  return calendarResponse(request, result.body, {
    filename: result.filename,
    maxAgeSeconds: 900,
    attachment: false,
  });
}
