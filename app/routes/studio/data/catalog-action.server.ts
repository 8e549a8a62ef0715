// The action of the catalogue's list pages: only super admins post (refuseUnlessSuperAdmin); the form's
// intent runs with its entry (formIntent), and on the cinema and chain pages the feed drawer's intents too.
import type { RouterContextProvider } from "react-router";
import { readForm, readIntent } from "../../../lib/form-action.server.ts";
import { runIntent, studioActor, type FormIntent } from "../../../lib/list-route.server.ts";
import { refuseUnlessSuperAdmin } from "./catalog.server.ts";
import { FEED_INTENTS, feedsAction } from "./feeds.server.ts";

export async function catalogAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  intents: Readonly<Record<string, FormIntent>>,
  options: { feeds?: boolean } = {},
) {
  const { services, actor } = studioActor(context);
  const refused = refuseUnlessSuperAdmin(actor);
  if (refused) return refused;
  const form = await readForm(request);
  const feedIntent = options.feeds ? readIntent(form, FEED_INTENTS) : null;
  if (feedIntent) return feedsAction(feedIntent, form, services, actor);
  return runIntent(form, intents, services, actor);
}
