// GET /studio/documentation/options?kind=city|cinema|movie&q=<text>&countries=<codes>: the snippet
// builder's choices as the Combobox reads them, { options: [{ value, label, hint }] }, scoped to the
// effective client's countries (documentation.server.ts). No client: no options.
import { isAppError } from "../../../core/errors.ts";
import type { Route } from "./+types/documentation-options.ts";
import { loadDocumentationChoices } from "./documentation.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const headers = { "Cache-Control": "private, no-store" };
  try {
    return Response.json({ options: await loadDocumentationChoices(request, context) }, { headers });
  } catch (error) {
    if (isAppError(error)) return Response.json({ options: [] }, { status: error.status, headers });
    throw error;
  }
}
