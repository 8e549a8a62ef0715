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
import {
  listMovieRows,
  MOVIE_SORTS,
  movieYearChoices,
} from "../../../../core/catalog/movies/list-movie-rows.ts";
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
  withSlugFromTitle,
} from "../../../../core/catalog/movies/movie-schemas.ts";
import { movieLabel } from "../../../../core/catalog/movies/movies.ts";
import { removeMovieAlias } from "../../../../core/catalog/movies/remove-movie-alias.ts";
import { setMovieStatus } from "../../../../core/catalog/movies/set-movie-status.ts";
import { updateMovie } from "../../../../core/catalog/movies/update-movie.ts";
import { isAppError } from "../../../../core/errors.ts";
import { localeOptions } from "../../../../core/i18n/locale-names.ts";
import { successToast } from "../../../lib/form-action.server.ts";
import { formIntent, listRoute, studioActor } from "../../../lib/list-route.server.ts";
import { readChoice } from "../../../lib/table-query.server.ts";
import { studioRequest } from "../../../lib/studio-request.server.ts";
import { countryChoices } from "../../../../core/catalog/cinemas/list-cinema-chains.ts";
import { catalogAction } from "./catalog-action.server.ts";
import { MOVIES_PATH } from "./catalog-paths.ts";

export const MOVIE_PARAM = "movie";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const movieList = listRoute({
  sorts: MOVIE_SORTS,
  defaultSort: "title",
  filters: (params) => {
    const year = Number(params.get("year"));
    return {
      // A filter value that is not one shows every movie rather than an error page.
      status: readChoice(params, "status", MOVIE_STATUSES),
      year: Number.isInteger(year) && year >= 1888 && year <= 3000 ? year : undefined,
      genre: readChoice(params, "genre", MOVIE_GENRES),
    };
  },
  list: listMovieRows,
  csv: {
    name: "movies",
    columns: [
      "id",
      ["studio.dataMovies.col.title", "title"],
      ["studio.dataMovies.col.titleNl", "titleNl"],
      "originalTitle",
      "slug",
      ["studio.dataMovies.col.year", "year"],
      ["csv.column.genres", (r) => r.genres.join(" ")],
      ["studio.dataMovies.col.status", "status"],
      "mergedIntoId",
      "imdbId",
      "tmdbId",
      "wikidataId",
      ["studio.dataMovies.col.showtimes", "showtimes"],
      ["studio.dataMovies.col.updated", "updatedAt"],
    ],
  },
});

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
  const { services, actor } = studioActor(context);
  const url = new URL(request.url);
  const [page, years, movie, countries, posters, backdrops] = await Promise.all([
    movieList.load(request, context),
    movieYearChoices(services),
    editedMovie(url, context),
    countryChoices(services),
    listMovieArtwork(services, actor, "poster"),
    listMovieArtwork(services, actor, "backdrop"),
  ]);
  return { ...page, years, movie, countries, locales: localeOptions(), posters, backdrops };
}

export const moviesCsv = movieList.csv;

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

const MOVIE_INTENTS = {
  create: formIntent(withSlugFromTitle(createMovieSchema), createMovie, (movie) => ({
    ...successToast("studio.dataMovies.toast.created", { title: movieLabel(movie) }),
    payload: { movieId: movie.id },
  })),
  update: formIntent(updateMovieSchema, updateMovie, (movie) =>
    successToast("studio.dataMovies.toast.saved", { title: movieLabel(movie) }),
  ),
  status: formIntent(
    setMovieStatusSchema,
    setMovieStatus,
    (movie) =>
      successToast(
        movie.status === "hidden" ? "studio.dataMovies.toast.hidden" : "studio.dataMovies.toast.shown",
        { title: movieLabel(movie) },
      ),
    { toastOnError: true },
  ),
  addAlias: formIntent(addMovieAliasSchema, addMovieAlias, (alias) =>
    successToast(alias.added ? "studio.dataMovies.toast.aliasAdded" : "studio.dataMovies.toast.aliasKnown", {
      alias: alias.normalizedTitle,
    }),
  ),
  removeAlias: formIntent(
    removeMovieAliasSchema,
    removeMovieAlias,
    (alias) => successToast("studio.dataMovies.toast.aliasRemoved", { alias: alias.normalizedTitle }),
    { toastOnError: true },
  ),
  merge: formIntent(mergeMoviesSchema, mergeMovies, ({ survivor, merged, moved }) =>
    successToast("studio.dataMovies.toast.merged", {
      merged: movieLabel(merged),
      survivor: movieLabel(survivor),
      showtimes: moved.showtimes,
      aliases: moved.aliases,
    }),
  ),
};

export const moviesAction = (request: Request, context: Readonly<RouterContextProvider>) =>
  catalogAction(request, context, MOVIE_INTENTS);

export { MOVIES_PATH };
