// GET /api/v1/movies (listMovies)
import { createRoute } from "@hono/zod-openapi";
import { listMovies } from "../../../../core/api/movies/list-movies.ts";
import type { ApiApp, ApiDeps } from "../api-app.ts";
import { gate } from "../gate.ts";
import { notModified, ok, problems } from "../responses.ts";
import { ListMoviesQuery, MovieListSchema } from "./schema.ts";

export const listMoviesRoute = createRoute({
  method: "get",
  path: "/movies",
  operationId: "listMovies",
  tags: ["Movies"],
  summary: "List movies",
  description:
    "The movie catalogue by title in the asked locale (Dutch titles often differ). `now_playing=true` keeps " +
    "movies with shows in your countries over the coming 14 days; `country` keeps those playing in one " +
    "country. Release dates and certification show your countries only. Publishable keys may call it.",
  request: { query: ListMoviesQuery },
  responses: {
    200: ok(MovieListSchema, "A page of movies."),
    304: notModified(),
    ...problems(),
  },
});

export function registerListMovies(api: ApiApp, deps: ApiDeps) {
  const route = { ...listMoviesRoute, middleware: [gate(deps, "listMovies")] };
  api.openapi(route, async (c) => {
    const query = c.req.valid("query");
    const page = await listMovies(deps.services, c.get("principal"), {
      country: query.country,
      now_playing: query.now_playing,
      q: query.q,
      locale: query.locale,
      limit: query.limit,
      cursor: query.cursor,
    });
    return c.json(page, 200);
  });
}
