// GET /api/v1/countries (listCountries)
import { createRoute } from "@hono/zod-openapi";
import { listCountries } from "../../../../core/api/countries/list-countries.ts";
import type { ApiApp, ApiDeps } from "../api-app.ts";
import { gate } from "../gate.ts";
import { notModified, ok, problems } from "../responses.ts";
import { CountryListSchema, ListCountriesQuery } from "./schema.ts";

export const listCountriesRoute = createRoute({
  method: "get",
  path: "/countries",
  operationId: "listCountries",
  tags: ["Places"],
  summary: "List your countries",
  description:
    "The countries your key may read: your client's grants (direct or through a bundle, valid today), limited to " +
    "the key's own countries when it has some. Secret keys only.",
  request: { query: ListCountriesQuery },
  responses: {
    200: ok(CountryListSchema, "Your countries."),
    304: notModified(),
    ...problems(),
  },
});

export function registerListCountries(api: ApiApp, deps: ApiDeps) {
  const route = { ...listCountriesRoute, middleware: [gate(deps, "listCountries")] };
  api.openapi(route, async (c) => {
    const query = c.req.valid("query");
    return c.json(await listCountries(deps.services, c.get("principal"), query), 200);
  });
}
