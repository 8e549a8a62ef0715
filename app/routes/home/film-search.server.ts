// The home page's search field (?film=): a film or a cinema, typos forgiven. The film a visitor typed
// opens its page, at the place and day the form names; a cinema typed by its exact name opens the
// cinema's page; otherwise the page lists what the text may mean (films and cinemas), or, when nothing
// matches, the nearest titles. The suggestions while typing (/search/suggest) come from here too.
import { findFilm, type FilmMatch } from "../../../core/catalog/movies/find-film.ts";
import { findCinemas, type CinemaMatch } from "../../../core/catalog/search/find-cinemas.ts";
import type { Locale } from "../../../core/i18n/locales.ts";
import type { AppServices } from "../../../core/services.ts";
import { listingDateOf } from "../../../core/showtimes/listing-day.ts";
import { DEFAULT_CITY, parseNear } from "../../../core/showtimes/public-listing.ts";
import { cinemaPagePath, filmPagePath, type FilmPageOptions } from "../../lib/public-paths.ts";

export type FilmLink = { title: string; year: number | null; playing: boolean; path: string };
export type CinemaLink = { name: string; city: string; path: string };

export type FilmSearchView = {
  text: string;
  films: FilmLink[];
  cinemas: CinemaLink[];
  /** when nothing matches: the closest titles all the same ("did you mean") */
  nearest: FilmLink[];
};

/** One suggestion while typing, with the page picking it opens. */
export type Suggestion = { kind: "film" | "cinema"; label: string; detail: string | null; path: string };

/** The search text as the field sends it: trimmed, at most 200 characters. */
export const MAX_SEARCH_TEXT = 200;

/** Where the form's place and day send the film and cinema pages (the defaults stay out of the address). */
export function pageOptionsOf(params: URLSearchParams, now: Date): FilmPageOptions {
  const near = parseNear(params.get("near"));
  const city = params.get("city")?.trim() ?? "";
  const date = params.get("date") ?? "";
  return {
    near: near ? `${near.latitude},${near.longitude}` : undefined,
    city: near || !city || city.toLowerCase() === DEFAULT_CITY.city.toLowerCase() ? undefined : city,
    date: date && date !== listingDateOf(now, DEFAULT_CITY.timeZone) ? date : undefined,
  };
}

const filmLink = (options: FilmPageOptions) => (m: FilmMatch) => ({
  title: m.title,
  year: m.year,
  playing: m.upcoming > 0,
  path: filmPagePath(m.slug, options),
});

const cinemaLink = (options: FilmPageOptions) => (c: CinemaMatch) => ({
  name: c.name,
  city: c.city,
  path: cinemaPagePath(c.slug, { date: options.date }),
});

export async function searchFilm(
  services: Pick<AppServices, "db" | "now">,
  url: URL,
  locale: Locale,
): Promise<{ redirectTo: string } | { view: FilmSearchView | null }> {
  const text = url.searchParams.get("film")?.trim().slice(0, MAX_SEARCH_TEXT) ?? "";
  if (!text) return { view: null };
  const now = services.now();
  const options = pageOptionsOf(url.searchParams, now);
  const [films, cinemas] = await Promise.all([
    findFilm(services, text, { locale, now }),
    findCinemas(services, text, { city: options.city ?? DEFAULT_CITY.city }),
  ]);
  const exactCinemas = cinemas.filter((c) => c.quality === "exact");
  if (films.film && (films.film.quality === "exact" || exactCinemas.length === 0))
    return { redirectTo: filmPagePath(films.film.slug, options) };
  const onlyCinema =
    exactCinemas.length === 1 ? exactCinemas[0] : cinemas.length === 1 ? cinemas[0] : undefined;
  if (films.matches.length === 0 && onlyCinema) return { redirectTo: cinemaLink(options)(onlyCinema).path };
  return {
    view: {
      text,
      films: films.matches.map(filmLink(options)),
      cinemas: cinemas.map(cinemaLink(options)),
      nearest: films.nearest.map(filmLink(options)),
    },
  };
}

/** The suggestions for what is typed so far: the best films, then the best cinemas. */
export async function suggest(
  services: Pick<AppServices, "db" | "now">,
  text: string,
  params: URLSearchParams,
  locale: Locale,
): Promise<Suggestion[]> {
  const now = services.now();
  const options = pageOptionsOf(params, now);
  const [films, cinemas] = await Promise.all([
    findFilm(services, text, { locale, now, limit: 6 }),
    findCinemas(services, text, { city: options.city ?? DEFAULT_CITY.city, limit: 3 }),
  ]);
  return [
    ...films.matches.map(filmLink(options)).map((f) => ({
      kind: "film" as const,
      label: f.title,
      detail: f.year ? String(f.year) : null,
      path: f.path,
    })),
    ...cinemas.map(cinemaLink(options)).map((c) => ({
      kind: "cinema" as const,
      label: c.name,
      detail: c.city,
      path: c.path,
    })),
  ];
}
