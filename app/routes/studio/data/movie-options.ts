// GET /studio/data/movies/options?q=: the movie picker's suggestions, `{ options: [{ value, label, hint }] }`
// (super admins only: the route guard and again here).
import type { Route } from "./+types/movie-options.ts";
import { movieOptions } from "./movies.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  return movieOptions(request, context);
}
