// GET /studio/assets/choices?q=<text>&kind=<poster|backdrop|logo|other>: the assets a picker may offer
// (a movie's poster, a chain's logo), as the Combobox reads them: { options: [{ value, label, hint }] }.
// Scoped like the library: a client's users get their client's assets, super admins the platform's too.
import { ASSET_KINDS } from "../../../core/assets/asset-schemas.ts";
import { listAssetChoices } from "../../../core/assets/list-asset-choices.ts";
import { isAppError } from "../../../core/errors.ts";
import { readChoice } from "../../lib/table-query.server.ts";
import type { Route } from "./+types/assets-choices.ts";
import { studioRequest } from "../../lib/studio-request.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, session } = studioRequest(context);
  const params = new URL(request.url).searchParams;
  const headers = { "Cache-Control": "private, no-store" };
  try {
    const options = await listAssetChoices(services, session.actor, {
      kind: readChoice(params, "kind", ASSET_KINDS),
      q: (params.get("q") ?? "").slice(0, 200),
    });
    return Response.json({ options }, { headers });
  } catch (error) {
    // A user without a client has no library: no options, with the refusal's status.
    if (isAppError(error)) return Response.json({ options: [] }, { status: error.status, headers });
    throw error;
  }
}
