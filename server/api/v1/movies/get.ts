// GET /api/v1/movies/{id} (getMovie)
import { createRoute } from "@hono/zod-openapi";
import { getMovie } from "../../../../core/api/movies/get-movie.ts";
import type { ApiApp, ApiDeps } from "../api-app.ts";
import { gate } from "../gate.ts";
import { notModified, ok, problems } from "../responses.ts";
import { MovieParams, MovieQuery, MovieResultSchema } from "./schema.ts";

export const getMovieRoute = createRoute({
  method: "get",
  path: "/movies/{id}",
  operationId: "getMovie",
  tags: ["Movies"],
  summary: "Get a movie",
  description: "One movie of the catalogue by id, titles in the asked locale. Publishable keys may call it.",
  request: { params: MovieParams, query: MovieQuery },
  responses: {
    200: ok(MovieResultSchema, "The movie."),
    304: notModified(),
    ...problems({ withNotFound: true }),
  },
});

export function registerGetMovie(api: ApiApp, deps: ApiDeps) {
  const route = { ...getMovieRoute, middleware: [gate(deps, "getMovie")] };
  api.openapi(route, async (c) => {
    const { id } = c.req.valid("param");
    const { locale } = c.req.valid("query");
    return c.json({ data: await getMovie(deps.services, c.get("principal"), { id, locale }) }, 200);
  });
}
