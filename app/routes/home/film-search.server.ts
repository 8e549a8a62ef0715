// The home page's film field (?film=): the film a visitor typed opens its page, at the place and day
// the form names; when the text may mean several films (or none), the page lists what it may mean.
import { findFilm } from "../../../core/catalog/movies/find-film.ts";
import type { Locale } from "../../../core/i18n/locales.ts";
import type { AppServices } from "../../../core/services.ts";
import { listingDateOf } from "../../../core/showtimes/listing-day.ts";
import { filmPagePath, type FilmPageOptions } from "../../lib/public-paths.ts";
import { DEFAULT_CITY, parseNear } from "../../../core/showtimes/public-listing.ts";

export type FilmSearchView = {
  text: string;
  matches: { title: string; year: number | null; playing: boolean; path: string }[];
};

export async function searchFilm(
  services: AppServices,
  url: URL,
  locale: Locale,
): Promise<{ redirectTo: string } | { view: FilmSearchView | null }> {
  const text = url.searchParams.get("film")?.trim().slice(0, 200) ?? "";
  if (!text) return { view: null };
  const now = services.now();
  const result = await findFilm(services, text, { locale, now });
  // The film page takes the same place and day; the defaults (Amsterdam, today) stay out of its address.
  const near = parseNear(url.searchParams.get("near"));
  const city = url.searchParams.get("city")?.trim() ?? "";
  const date = url.searchParams.get("date") ?? "";
  const options: FilmPageOptions = {
    near: near ? `${near.latitude},${near.longitude}` : undefined,
    city: near || !city || city.toLowerCase() === DEFAULT_CITY.city.toLowerCase() ? undefined : city,
    date: date && date !== listingDateOf(now, DEFAULT_CITY.timeZone) ? date : undefined,
  };
  if (result.film) return { redirectTo: filmPagePath(result.film.slug, options) };
  return {
    view: {
      text,
      matches: result.matches.map((m) => ({
        title: m.title,
        year: m.year,
        playing: m.upcoming > 0,
        path: filmPagePath(m.slug, options),
      })),
    },
  };
}
