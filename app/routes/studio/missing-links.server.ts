// /studio/missing-links on the server (super admins only, by the route guard and again here): the open
// queue or the resolved titles (search, source filter, sort, paging; `view` picks the tab), what the
// "create movie" dialog needs, and the intents link, create, linkTop, ignore and unignore.
import type { RouterContextProvider } from "react-router";
import { countryChoices } from "../../../core/catalog/cinemas/list-cinema-chains.ts";
import { listMovieArtwork } from "../../../core/catalog/movies/list-movie-artwork.ts";
import { movieLabel } from "../../../core/catalog/movies/movies.ts";
import { localeOptions } from "../../../core/i18n/locale-names.ts";
import { withSlugFromTitle } from "../../../core/catalog/movies/movie-schemas.ts";
import { createMovieFromMissingLink } from "../../../core/ingest/missing-links/create-movie-from-missing-link.ts";
import { ignoreMissingLinks } from "../../../core/ingest/missing-links/ignore-missing-links.ts";
import { linkMissingLink } from "../../../core/ingest/missing-links/link-missing-link.ts";
import { linkMissingLinksToTopCandidates } from "../../../core/ingest/missing-links/link-missing-links-to-top-candidates.ts";
import { listMissingLinks } from "../../../core/ingest/missing-links/list-missing-links.ts";
import {
  createMovieFromMissingLinkSchema,
  linkMissingLinkSchema,
  MISSING_LINK_SORTS,
  MISSING_LINK_VIEWS,
  missingLinkSelectionSchema,
  type MissingLinkSort,
} from "../../../core/ingest/missing-links/missing-link-schemas.ts";
import { moviePrefill } from "../../../core/ingest/missing-links/movie-prefill.ts";
import { unignoreMissingLinks } from "../../../core/ingest/missing-links/unignore-missing-links.ts";
import { readForm, readIntent, runForm, successToast, unknownIntent } from "../../lib/form-action.server.ts";
import { readChoice, readPageClamped } from "../../lib/table-query.server.ts";
import { readTableParams } from "../../lib/table-url.ts";
import { studioRequest } from "../../lib/studio-request.server.ts";
import { refuseUnlessSuperAdmin } from "./data/catalog.server.ts";

export const MISSING_LINK_INTENTS = ["link", "create", "linkTop", "ignore", "unignore"] as const;
const SORT_KEYS = [...new Set(MISSING_LINK_SORTS.map((s) => s.replace(/^-/, "")))];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function loadMissingLinks(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, session } = studioRequest(context);
  const params = new URL(request.url).searchParams;
  const view = readChoice(params, "view", MISSING_LINK_VIEWS) ?? "open";
  const table = readTableParams(params, {
    sortKeys: SORT_KEYS,
    defaultSort: view === "open" ? "-occurrences" : "-resolved",
  });
  const source = params.get("source") ?? "";
  const [page, countries, posters, backdrops] = await Promise.all([
    readPageClamped(
      (n) =>
        listMissingLinks(services, session.actor, {
          view,
          search: table.q || undefined,
          sourceId: UUID.test(source) ? source : undefined,
          sort: table.sort as MissingLinkSort,
          page: n,
          pageSize: table.pageSize,
        }),
      table.page,
    ),
    countryChoices(services),
    listMovieArtwork(services, session.actor, "poster"),
    listMovieArtwork(services, session.actor, "backdrop"),
  ]);
  return {
    view,
    rows: page.rows.map((row) => ({
      ...row,
      firstSeenAt: row.firstSeenAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      resolvedAt: row.resolvedAt?.toISOString() ?? null,
      prefill: moviePrefill(row.rawTitle, row.hints),
    })),
    total: page.total,
    page: page.page,
    pageSize: page.pageSize,
    sort: page.sort,
    sources: page.sources,
    countries,
    locales: localeOptions(),
    posters,
    backdrops,
  };
}

type Resolved = { rawTitle: string; movie: Parameters<typeof movieLabel>[0]; showtimes: number };

/** The toast of a title linked to a movie (found or created): the title, the movie, the showtimes it brought. */
function resolvedToast(
  key: "studio.missingLinks.toast.linked" | "studio.missingLinks.toast.created",
  outcome: Resolved,
) {
  return successToast(key, {
    title: outcome.rawTitle,
    movie: movieLabel(outcome.movie),
    showtimes: outcome.showtimes,
  });
}

export async function missingLinksAction(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, session } = studioRequest(context);
  const { actor } = session;
  const refused = refuseUnlessSuperAdmin(actor);
  if (refused) return refused;
  const form = await readForm(request);
  const intent = readIntent(form, MISSING_LINK_INTENTS);
  switch (intent) {
    case "link":
      return runForm(
        intent,
        form,
        linkMissingLinkSchema,
        (value) => linkMissingLink(services, actor, value),
        (outcome) => resolvedToast("studio.missingLinks.toast.linked", outcome),
        { toastOnError: true },
      );
    case "create":
      return runForm(
        intent,
        form,
        withSlugFromTitle(createMovieFromMissingLinkSchema),
        (value) => createMovieFromMissingLink(services, actor, value),
        (outcome) => resolvedToast("studio.missingLinks.toast.created", outcome),
      );
    case "linkTop":
      return runForm(
        intent,
        form,
        missingLinkSelectionSchema,
        (value) => linkMissingLinksToTopCandidates(services, actor, value),
        (result) =>
          successToast("studio.missingLinks.toast.bulkLinked", {
            linked: result.linked.length,
            showtimes: result.linked.reduce((sum, l) => sum + l.showtimes, 0),
            skipped: result.skipped.length,
          }),
        { toastOnError: true },
      );
    case "ignore":
      return runForm(
        intent,
        form,
        missingLinkSelectionSchema,
        (value) => ignoreMissingLinks(services, actor, value),
        (result) => successToast("studio.missingLinks.toast.ignored", { count: result.ignored.length }),
        { toastOnError: true },
      );
    case "unignore":
      return runForm(
        intent,
        form,
        missingLinkSelectionSchema,
        (value) => unignoreMissingLinks(services, actor, value),
        (result) => successToast("studio.missingLinks.toast.unignored", { count: result.reopened.length }),
        { toastOnError: true },
      );
    default:
      return unknownIntent();
  }
}
