// GET /api/v1/cinemas/{id} (getCinema)
import { createRoute } from "@hono/zod-openapi";
import { getCinema } from "../../../../core/api/cinemas/get-cinema.ts";
import type { ApiApp, ApiDeps } from "../api-app.ts";
import { gate } from "../gate.ts";
import { notModified, ok, problems } from "../responses.ts";
import { CinemaParams, CinemaResultSchema } from "./schema.ts";

export const getCinemaRoute = createRoute({
  method: "get",
  path: "/cinemas/{id}",
  operationId: "getCinema",
  tags: ["Cinemas"],
  summary: "Get a cinema",
  description:
    "One cinema by id, open or closed. A cinema in a country your key does not grant: 403. Publishable keys may " +
    "call it.",
  request: { params: CinemaParams },
  responses: {
    200: ok(CinemaResultSchema, "The cinema."),
    304: notModified(),
    ...problems({ withNotFound: true }),
  },
});

export function registerGetCinema(api: ApiApp, deps: ApiDeps) {
  const route = { ...getCinemaRoute, middleware: [gate(deps, "getCinema")] };
  api.openapi(route, async (c) => {
    const { id } = c.req.valid("param");
    return c.json({ data: await getCinema(deps.services, c.get("principal"), id) }, 200);
  });
}
