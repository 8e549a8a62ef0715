// /studio/data/movies on the server (super admins only, by the route guard and again here): the list
// (search, status/year/genre filters, sort, paging, CSV), the movie being edited (`?movie=<id>`; a merged
// movie sends the reader on to its survivor), the picker's options, and the intents create, update,
// status, addAlias, removeAlias and merge.
import { redirect, type RouterContextProvider } from "react-router";
import { addMovieAlias } from "../../../../core/catalog/movies/add-movie-alias.ts";
import { createMovie } from "../../../../core/catalog/movies/create-movie.ts";
import { getMovieDetail } from "../../../../core/catalog/movies/get-movie-detail.ts";
import { listMovieArtwork } from "../../../../core/catalog/movies/list-movie-artwork.ts";
import { listMovieOptions } from "../../../../core/catalog/movies/list-movie-options.ts";
import { listMovieRows, MOVIE_SORTS, movieYearChoices } from "../../../../core/catalog/movies/list-movie-rows.ts";
import { mergeMovies } from "../../../../core/catalog/movies/merge-movies.ts";
import {
  addMovieAliasSchema,
  createMovieSchema,
  mergeMoviesSchema,
  MOVIE_GENRES,
  MOVIE_STATUSES,
  removeMovieAliasSchema,
  setMovieStatusSchema,
  updateMovieSchema,
} from "../../../../core/catalog/movies/movie-schemas.ts";
import { movieLabel } from "../../../../core/catalog/movies/movies.ts";
import { removeMovieAlias } from "../../../../core/catalog/movies/remove-movie-alias.ts";
import { setMovieStatus } from "../../../../core/catalog/movies/set-movie-status.ts";
import { updateMovie } from "../../../../core/catalog/movies/update-movie.ts";
import { isAppError } from "../../../../core/errors.ts";
import { localeOptions } from "../../../../core/i18n/locale-names.ts";
import {
  readForm,
  readIntent,
  runForm,
  successToast,
  unknownIntent,
} from "../../../lib/form-action.server.ts";
import { readPageClamped } from "../../../lib/table-query.server.ts";
import { readTableParams } from "../../../lib/table-url.ts";
import { allRows, csvResponse } from "../../../lib/csv.server.ts";
import { interfaceText, studioRequest } from "../../../lib/studio-request.server.ts";
import { countryChoices } from "../../../../core/catalog/cinemas/list-cinema-chains.ts";
import { refuseUnlessSuperAdmin } from "./catalog.server.ts";
import { MOVIES_PATH } from "./catalog-paths.ts";

const SORT_KEYS = [...new Set(MOVIE_SORTS.map((s) => s.replace(/^-/, "")))];
export const MOVIE_INTENTS = ["create", "update", "status", "addAlias", "removeAlias", "merge"] as const;
export const MOVIE_PARAM = "movie";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function readMovieQuery(url: URL) {
  const table = readTableParams(url.searchParams, { sortKeys: SORT_KEYS, defaultSort: "title" });
  const year = Number(url.searchParams.get("year"));
  return {
    table,
    input: {
      search: table.q || undefined,
      // A filter value that is not one shows every movie rather than an error page.
      status: MOVIE_STATUSES.find((s) => s === url.searchParams.get("status")),
      year: Number.isInteger(year) && year >= 1888 && year <= 3000 ? year : undefined,
      genre: MOVIE_GENRES.find((g) => g === url.searchParams.get("genre")),
      sort: table.sort as (typeof MOVIE_SORTS)[number],
    },
  };
}

/** The movie named by `?movie=`, if any; a merged one redirects to the same URL naming its survivor. */
async function editedMovie(url: URL, context: Readonly<RouterContextProvider>) {
  const { services, session } = studioRequest(context);
  const id = url.searchParams.get(MOVIE_PARAM);
  if (!id || !UUID.test(id)) return null;
  try {
    const movie = await getMovieDetail(services, session.actor, id);
    if (movie.status === "merged" && movie.mergedIntoId) {
      const next = new URL(url);
      next.searchParams.set(MOVIE_PARAM, movie.mergedIntoId);
      throw redirect(`${next.pathname}${next.search}`);
    }
    return movie;
  } catch (error) {
    // A movie that does not exist (any more) opens nothing; the list still shows.
    if (isAppError(error) && error.code === "not_found") return null;
    throw error;
  }
}

export async function loadMovies(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, session } = studioRequest(context);
  const url = new URL(request.url);
  const { table, input } = readMovieQuery(url);
  const [page, years, movie, countries, posters, backdrops] = await Promise.all([
    readPageClamped(
      (n) => listMovieRows(services, session.actor, { ...input, page: n, pageSize: table.pageSize }),
      table.page,
    ),
    movieYearChoices(services),
    editedMovie(url, context),
    countryChoices(services),
    listMovieArtwork(services, session.actor, "poster"),
    listMovieArtwork(services, session.actor, "backdrop"),
  ]);
  return {
    rows: page.rows,
    total: page.total,
    page: page.page,
    pageSize: page.pageSize,
    sort: table.sort,
    years,
    movie,
    countries,
    locales: localeOptions(),
    posters,
    backdrops,
  };
}

export async function moviesCsv(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, session } = studioRequest(context);
  const { input } = readMovieQuery(new URL(request.url));
  const rows = await allRows((page, pageSize) =>
    listMovieRows(services, session.actor, { ...input, page, pageSize }),
  );
  return csvResponse(
    "movies",
    [
      "csv.column.id",
      "studio.dataMovies.col.title",
      "studio.dataMovies.col.titleNl",
      "csv.column.originalTitle",
      "csv.column.slug",
      "studio.dataMovies.col.year",
      "csv.column.genres",
      "studio.dataMovies.col.status",
      "csv.column.mergedIntoId",
      "csv.column.imdbId",
      "csv.column.tmdbId",
      "csv.column.wikidataId",
      "studio.dataMovies.col.showtimes",
      "studio.dataMovies.col.updated",
    ],
    rows.map((r) => [
      r.id,
      r.title,
      r.titleNl,
      r.originalTitle,
      r.slug,
      r.year,
      r.genres.join(" "),
      r.status,
      r.mergedIntoId,
      r.imdbId,
      r.tmdbId,
      r.wikidataId,
      r.showtimes,
      r.updatedAt.toISOString(),
    ]),
    services.now(),
    interfaceText(request, services),
  );
}

/** GET /studio/data/movies/options?q=: the movie picker's suggestions as JSON. */
export async function movieOptions(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, session } = studioRequest(context);
  if (!session.actor.isSuperAdmin) return Response.json({ options: [] }, { status: 403 });
  const url = new URL(request.url);
  const exclude = url.searchParams.get("exclude") ?? "";
  const options = await listMovieOptions(services, session.actor, {
    q: (url.searchParams.get("q") ?? "").slice(0, 200),
    exclude: UUID.test(exclude) ? exclude : undefined,
  });
  return Response.json({ options }, { headers: { "cache-control": "private, no-store" } });
}

export async function moviesAction(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, session } = studioRequest(context);
  const { actor } = session;
  const refused = refuseUnlessSuperAdmin(actor);
  if (refused) return refused;
  const form = await readForm(request);
  const intent = readIntent(form, MOVIE_INTENTS);
  switch (intent) {
    case "create":
      return runForm(
        intent,
        form,
        createMovieSchema,
        (value) => createMovie(services, actor, value),
        (movie) => ({
          ...successToast("studio.dataMovies.toast.created", { title: movieLabel(movie) }),
          payload: { movieId: movie.id },
        }),
      );
    case "update":
      return runForm(
        intent,
        form,
        updateMovieSchema,
        (value) => updateMovie(services, actor, value),
        (movie) => successToast("studio.dataMovies.toast.saved", { title: movieLabel(movie) }),
      );
    case "status":
      return runForm(
        intent,
        form,
        setMovieStatusSchema,
        (value) => setMovieStatus(services, actor, value),
        (movie) =>
          successToast(
            movie.status === "hidden" ? "studio.dataMovies.toast.hidden" : "studio.dataMovies.toast.shown",
            { title: movieLabel(movie) },
          ),
        { toastOnError: true },
      );
    case "addAlias":
      return runForm(
        intent,
        form,
        addMovieAliasSchema,
        (value) => addMovieAlias(services, actor, value),
        (alias) =>
          successToast(
            alias.added ? "studio.dataMovies.toast.aliasAdded" : "studio.dataMovies.toast.aliasKnown",
            { alias: alias.normalizedTitle },
          ),
      );
    case "removeAlias":
      return runForm(
        intent,
        form,
        removeMovieAliasSchema,
        (value) => removeMovieAlias(services, actor, value),
        (alias) => successToast("studio.dataMovies.toast.aliasRemoved", { alias: alias.normalizedTitle }),
        { toastOnError: true },
      );
    case "merge":
      return runForm(
        intent,
        form,
        mergeMoviesSchema,
        (value) => mergeMovies(services, actor, value),
        ({ survivor, merged, moved }) =>
          successToast("studio.dataMovies.toast.merged", {
            merged: movieLabel(merged),
            survivor: movieLabel(survivor),
            showtimes: moved.showtimes,
            aliases: moved.aliases,
          }),
      );
    default:
      return unknownIntent();
  }
}

export { MOVIES_PATH };
