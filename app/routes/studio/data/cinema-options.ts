// GET /studio/data/cinemas/options?q=text: the cinema picker's choices as JSON
// `{ options: [{ value, label, hint }] }` (the Combobox's `source`). Super admins only, by the route
// guard and again by the operation.
import { listCinemaOptions } from "../../../../core/catalog/cinemas/list-cinema-options.ts";
import { studioRequest } from "../../../lib/studio-request.server.ts";
import type { Route } from "./+types/cinema-options.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, session } = studioRequest(context);
  const query = new URL(request.url).searchParams.get("q") ?? "";
  const options = await listCinemaOptions(services, session.actor, query);
  return Response.json({ options }, { headers: { "Cache-Control": "private, no-store" } });
}
