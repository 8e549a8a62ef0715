// GET /api/v1/showtimes (listShowtimes)
import { createRoute } from "@hono/zod-openapi";
import { listShowtimes } from "../../../../core/api/showtimes/list-showtimes.ts";
import type { ApiApp, ApiDeps } from "../api-app.ts";
import { toNear } from "../common-schema.ts";
import { gate } from "../gate.ts";
import { notModified, ok, problems } from "../responses.ts";
import { ListShowtimesQuery, ShowtimeListSchema } from "./schema.ts";

export const listShowtimesRoute = createRoute({
  method: "get",
  path: "/showtimes",
  operationId: "listShowtimes",
  tags: ["Showtimes"],
  summary: "List showtimes",
  description:
    "Scheduled shows in your countries, by start time. Narrow by cinema, city, a point and radius, movie, " +
    "country, a time window (`from` / `to`: listing days in each cinema's own time zone, or instants), " +
    "attributes (all must match), audio and subtitle language and availability. Times carry the cinema's UTC " +
    "offset and `time_zone`; booking links are absolute. Cached for a minute. Publishable keys may call it: their client's hidden " +
    "movies are left out and each movie says whether the client featured it (`featured`, `position`).",
  request: { query: ListShowtimesQuery },
  responses: {
    200: ok(ShowtimeListSchema, "A page of showtimes."),
    304: notModified(),
    ...problems(),
  },
});

export function registerListShowtimes(api: ApiApp, deps: ApiDeps) {
  const route = { ...listShowtimesRoute, middleware: [gate(deps, "listShowtimes")] };
  // What the operation reads with: the database, the clock, and the base that makes poster links absolute.
  const reader = { db: deps.services.db, now: deps.services.now, baseUrl: deps.baseUrl };
  api.openapi(route, async (c) => {
    const query = c.req.valid("query");
    const page = await listShowtimes(reader, c.get("principal"), {
      cinema: query.cinema,
      movie: query.movie,
      country: query.country,
      city: query.city,
      near: toNear(query),
      from: query.from,
      to: query.to,
      attributes: query.attributes,
      audio_language: query.audio_language,
      subtitle_language: query.subtitle_language,
      availability: query.availability,
      locale: query.locale,
      limit: query.limit,
      cursor: query.cursor,
    });
    return c.json(page, 200);
  });
}
