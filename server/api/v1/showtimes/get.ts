// GET /api/v1/showtimes/{id} (getShowtime)
import { createRoute } from "@hono/zod-openapi";
import { getShowtime } from "../../../../core/api/showtimes/get-showtime.ts";
import type { ApiApp, ApiDeps } from "../api-app.ts";
import { gate } from "../gate.ts";
import { notModified, ok, problems } from "../responses.ts";
import { ShowtimeParams, ShowtimeQuery, ShowtimeResultSchema } from "./schema.ts";

export const getShowtimeRoute = createRoute({
  method: "get",
  path: "/showtimes/{id}",
  operationId: "getShowtime",
  tags: ["Showtimes"],
  summary: "Get a showtime",
  description:
    "One showtime by id, scheduled or cancelled: the ticket panel's data (prices, seats, attributes, booking " +
    "link). A show in a country your key does not grant: 403. Publishable keys may call it (a show of a movie " +
    "their client hid: 404).",
  request: { params: ShowtimeParams, query: ShowtimeQuery },
  responses: {
    200: ok(ShowtimeResultSchema, "The showtime."),
    304: notModified(),
    ...problems({ withNotFound: true }),
  },
});

export function registerGetShowtime(api: ApiApp, deps: ApiDeps) {
  const route = { ...getShowtimeRoute, middleware: [gate(deps, "getShowtime")] };
  // What the operation reads with: the database, the clock, and the base that makes poster links absolute.
  const reader = { db: deps.services.db, now: deps.services.now, baseUrl: deps.baseUrl };
  api.openapi(route, async (c) => {
    const { id } = c.req.valid("param");
    const { locale } = c.req.valid("query");
    return c.json({ data: await getShowtime(reader, c.get("principal"), { id, locale }) }, 200);
  });
}
