// GET /api/v1/cities (listCities)
import { createRoute } from "@hono/zod-openapi";
import { listCities } from "../../../../core/api/cities/list-cities.ts";
import type { ApiApp, ApiDeps } from "../api-app.ts";
import { gate } from "../gate.ts";
import { notModified, ok, problems } from "../responses.ts";
import { CityListSchema, ListCitiesQuery } from "./schema.ts";

export const listCitiesRoute = createRoute({
  method: "get",
  path: "/cities",
  operationId: "listCities",
  tags: ["Places"],
  summary: "List cities",
  description:
    "The cities of your countries that have open cinemas, with their time zone, cinema count and a centre " +
    "point. The name is what `city=` takes. Publishable keys may call it.",
  request: { query: ListCitiesQuery },
  responses: {
    200: ok(CityListSchema, "A page of cities."),
    304: notModified(),
    ...problems(),
  },
});

export function registerListCities(api: ApiApp, deps: ApiDeps) {
  const route = { ...listCitiesRoute, middleware: [gate(deps, "listCities")] };
  api.openapi(route, async (c) => {
    const query = c.req.valid("query");
    return c.json(await listCities(deps.services, c.get("principal"), query), 200);
  });
}
