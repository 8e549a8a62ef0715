// GET /api/v1/cinemas (listCinemas)
import { createRoute } from "@hono/zod-openapi";
import { listCinemas } from "../../../../core/api/cinemas/list-cinemas.ts";
import type { ApiApp, ApiDeps } from "../api-app.ts";
import { toNear } from "../common-schema.ts";
import { gate } from "../gate.ts";
import { notModified, ok, problems } from "../responses.ts";
import { CinemaListSchema, ListCinemasQuery } from "./schema.ts";

export const listCinemasRoute = createRoute({
  method: "get",
  path: "/cinemas",
  operationId: "listCinemas",
  tags: ["Cinemas"],
  summary: "List cinemas",
  description:
    "Open cinemas in your countries, by name; with `near` (and `radius`, default 10 km) the nearest first, " +
    "with their distance. Filter by country, city, chain or text. Publishable keys may call it.",
  request: { query: ListCinemasQuery },
  responses: {
    200: ok(CinemaListSchema, "A page of cinemas."),
    304: notModified(),
    ...problems(),
  },
});

export function registerListCinemas(api: ApiApp, deps: ApiDeps) {
  const route = { ...listCinemasRoute, middleware: [gate(deps, "listCinemas")] };
  api.openapi(route, async (c) => {
    const query = c.req.valid("query");
    const page = await listCinemas(deps.services, c.get("principal"), {
      country: query.country,
      city: query.city,
      chain: query.chain,
      near: toNear(query),
      q: query.q,
      limit: query.limit,
      cursor: query.cursor,
    });
    return c.json(page, 200);
  });
}
