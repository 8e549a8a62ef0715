// GET /search/suggest?q=text: the home page search's suggestions while typing, as JSON (suggest.server.ts).
import { servicesContext } from "../../lib/context.ts";
import type { Route } from "./+types/suggest.ts";
import { answerSuggest } from "./suggest.server.ts";

export function loader({ request, context }: Route.LoaderArgs) {
  return answerSuggest(context.get(servicesContext), request);
}
