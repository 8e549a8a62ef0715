// /studio/{slug}/movies on the server (client-access guard: members of that client and super admins).
// The list of what plays in the client's countries with its settings, and the intents "setting"
// (feature / unfeature / hide / unhide) and "move" (up / down) for editors and admins of the client.
// The client is always the one the guard resolved from the slug, never an id from the form.
import { data, redirect, type RouterContextProvider } from "react-router";
import { can } from "../../../core/access/permissions.ts";
import {
  moveClientMovieSchema,
  setClientMovieSettingSchema,
} from "../../../core/client-movies/client-movie-rules.ts";
import { CLIENT_MOVIE_VIEWS, listClientMovies } from "../../../core/client-movies/list-client-movies.ts";
import { moveClientMovie } from "../../../core/client-movies/move-client-movie.ts";
import { setClientMovieSetting } from "../../../core/client-movies/set-client-movie-setting.ts";
import { messageRef } from "../../../core/i18n/message-ref.ts";
import { readForm, readIntent, runForm, successToast, unknownIntent } from "../../lib/form-action.server.ts";
import type { ActionResult } from "../../lib/forms.ts";
import { requestLocale } from "../../lib/request-locale.server.ts";
import { readChoice, readPageClamped } from "../../lib/table-query.server.ts";
import { readTableParams } from "../../lib/table-url.ts";
import { studioRequest } from "../../lib/studio-request.server.ts";

export const CLIENT_MOVIE_INTENTS = ["setting", "move"] as const;
const settingForm = setClientMovieSettingSchema.omit({ clientId: true });
const moveForm = moveClientMovieSchema.omit({ clientId: true });

/** The client of the page: the one the guard resolved from the slug (while impersonating, that one only). */
function pageClient(context: Readonly<RouterContextProvider>, slug: string | undefined) {
  const { services, session } = studioRequest(context);
  const client = session.effectiveClient;
  if (!client) throw data(null, { status: 404 });
  return { services, session, client, matches: client.slug === slug };
}

export async function loadClientMovies(
  request: Request,
  context: Readonly<RouterContextProvider>,
  slug: string | undefined,
) {
  const { services, session, client, matches } = pageClient(context, slug);
  // While impersonating, the studio acts as that client only: to its home, as /studio/{slug} does.
  if (!matches) throw redirect(`/studio/${client.slug}`);
  const url = new URL(request.url);
  const table = readTableParams(url.searchParams, { sortKeys: [], defaultSort: "" });
  const view = readChoice(url.searchParams, "view", CLIENT_MOVIE_VIEWS);
  const page = await readPageClamped(
    (n) =>
      listClientMovies(services, session.actor, {
        clientId: client.id,
        search: table.q || undefined,
        view,
        locale: requestLocale(request, services.i18n.offered),
        page: n,
        pageSize: table.pageSize,
      }),
    table.page,
  );
  return {
    client: { id: client.id, name: client.name, slug: client.slug },
    canCurate: can(session.actor, "movies.curate", client.id),
    ...page,
  };
}

export async function clientMoviesAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  slug: string | undefined,
) {
  const { services, session, client, matches } = pageClient(context, slug);
  if (!matches) throw data(null, { status: 404 });
  const { actor } = session;
  // Viewers are answered 403 before their form is read (the core operations refuse them too).
  if (!can(actor, "movies.curate", client.id)) {
    const message = messageRef("error.access.forbidden");
    return data<ActionResult<never>>(
      {
        intent: null,
        result: { status: "error", error: { "": [message] } },
        toast: { kind: "error", message },
      },
      { status: 403 },
    );
  }
  const form = await readForm(request);
  const intent = readIntent(form, CLIENT_MOVIE_INTENTS);
  switch (intent) {
    case "setting":
      return runForm(
        intent,
        form,
        settingForm,
        (value) => setClientMovieSetting(services, actor, { ...value, clientId: client.id }),
        (result) =>
          successToast(
            result.hidden
              ? "studio.clientMovies.toast.hidden"
              : result.featured
                ? "studio.clientMovies.toast.featured"
                : "studio.clientMovies.toast.shown",
            { title: result.title },
          ),
        { toastOnError: true },
      );
    case "move":
      return runForm(
        intent,
        form,
        moveForm,
        (value) => moveClientMovie(services, actor, { ...value, clientId: client.id }),
        (result) =>
          successToast("studio.clientMovies.toast.moved", { title: result.title, position: result.position }),
        { toastOnError: true },
      );
    default:
      return unknownIntent();
  }
}
