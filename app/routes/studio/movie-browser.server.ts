// /studio/movies on the server (every signed-in user): the catalogue list from the URL's table state
// (search, now playing, country, genre, year, sort, page) and, when the URL names one (`movie`), the
// detail the drawer shows. Both scoped by the countries the actor may see (core/catalog/movies/movie-scope.ts).
import type { RouterContextProvider } from "react-router";
import {
  browseMovies,
  MOVIE_BROWSE_SORTS,
  movieBrowseChoices,
} from "../../../core/catalog/movies/browse-movies.ts";
import { movieDetail } from "../../../core/catalog/movies/movie-detail.ts";
import { isAppError } from "../../../core/errors.ts";
import { requestLocale } from "../../lib/request-locale.server.ts";
import { readPageClamped } from "../../lib/table-query.server.ts";
import { readTableParams } from "../../lib/table-url.ts";
import { studioRequest } from "../../lib/studio-request.server.ts";

const SORT_KEYS = [...new Set(MOVIE_BROWSE_SORTS.map((s) => s.replace(/^-/, "")))];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The URL parameters the page adds to the table's own. */
export const BROWSER_PARAMS = {
  playing: "playing",
  country: "country",
  genre: "genre",
  year: "year",
  movie: "movie",
};

function readBrowseQuery(url: URL) {
  const params = url.searchParams;
  const table = readTableParams(params, { sortKeys: SORT_KEYS, defaultSort: "title" });
  const country = params.get(BROWSER_PARAMS.country)?.trim().toUpperCase();
  const genre = params.get(BROWSER_PARAMS.genre)?.trim();
  const year = Number(params.get(BROWSER_PARAMS.year));
  const movie = params.get(BROWSER_PARAMS.movie)?.trim();
  return {
    table,
    // A filter value that is not one shows every movie rather than an error page.
    input: {
      search: table.q || undefined,
      nowPlaying: params.get(BROWSER_PARAMS.playing) === "1",
      country: country && /^[A-Z]{2}$/.test(country) ? country : undefined,
      genre: genre && genre.length <= 100 ? genre : undefined,
      year: Number.isInteger(year) && year >= 1870 && year <= 2200 ? year : undefined,
      sort: table.sort as (typeof MOVIE_BROWSE_SORTS)[number],
    },
    movieId: movie && UUID.test(movie) ? movie : null,
  };
}

export async function loadMovieBrowser(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, session } = studioRequest(context);
  const { actor } = session;
  const locale = requestLocale(request, services.i18n.offered);
  const { table, input, movieId } = readBrowseQuery(new URL(request.url));
  const [page, choices, detail] = await Promise.all([
    readPageClamped(
      (n) => browseMovies(services, actor, { ...input, locale, page: n, pageSize: table.pageSize }),
      table.page,
    ),
    movieBrowseChoices(services, actor),
    movieId
      ? movieDetail(services, actor, { movieId, locale }).catch((error: unknown) => {
          // A movie merged or hidden since the link was made: the list shows, the drawer does not.
          if (isAppError(error) && error.code === "not_found") return null;
          throw error;
        })
      : Promise.resolve(null),
  ]);
  return {
    rows: page.rows,
    total: page.total,
    page: page.page,
    pageSize: page.pageSize,
    sort: table.sort,
    nowPlaying: input.nowPlaying,
    countries: choices.countries,
    genres: choices.genres,
    years: choices.years,
    detail,
  };
}
