// Server side of /films/{slug}: the film, the place (?city= or ?near=, as on "/"; without one, Amsterdam
// when the film plays there, else the city where it plays most), the day (?date=YYYY-MM-DD or tonight)
// and its showtimes there that day, by cinema.
import { findCity } from "../../../core/catalog/places.ts";
import { findPublicMovie, type PublicMovie } from "../../../core/catalog/find-public-movie.ts";
import { isLocale, toLanguageTag, type Locale } from "../../../core/i18n/locales.ts";
import type { AppServices } from "../../../core/services.ts";
import type { Place } from "../../../core/showtimes/find-listing.ts";
import { TONIGHT_FROM } from "../../../core/showtimes/find-listing-days.ts";
import { LISTING_DAYS, listingDateOf, listingDates } from "../../../core/showtimes/listing-day.ts";
import { regionName } from "../../lib/formatters.server.ts";
import { chosenDay, dayChoices, longDayLabel, requestedDay, TONIGHT } from "../../lib/listing-days.server.ts";
import { PAGE_FIRST_SCREEN_SHOWTIMES, publicPageContext } from "../../lib/public-lookups.server.ts";
import { filmPagePath, type FilmPageOptions } from "../../lib/public-paths.ts";
import { genreNames, showtimeView } from "../../lib/showtime-view.server.ts";
import { FILMS_STEP } from "../home/listing-params.ts";
import {
  cachedLookups,
  DEFAULT_CITY,
  filmsShown,
  isDefaultCity,
  NEAR_RADIUS_KM,
  parseNear,
} from "../home/listing.server.ts";

export type FilmPageResult =
  | { kind: "missing" }
  | { kind: "moved"; path: string }
  | { kind: "page"; data: Awaited<ReturnType<typeof filmPageData>> };

export async function loadFilmPage(
  services: AppServices,
  url: URL,
  slug: string,
  locale: Locale,
): Promise<FilmPageResult> {
  const lookup = await findPublicMovie(services, slug, locale);
  if (lookup.kind === "missing") return { kind: "missing" };
  if (lookup.kind === "moved")
    return { kind: "moved", path: `/films/${encodeURIComponent(lookup.slug)}${url.search}` };
  return { kind: "page", data: await filmPageData(services, url, lookup.movie, locale) };
}

/** A stable hue per film for the poster's stand-in. */
export function posterHue(slug: string): number {
  let hash = 0;
  for (const character of slug) hash = (hash * 31 + (character.codePointAt(0) ?? 0)) % 360;
  return hash;
}

type ChosenPlace =
  | { kind: "city"; city: string; countryCode: string; timeZone: string; fromQuery: boolean }
  | { kind: "near"; latitude: number; longitude: number }
  | { kind: "unknown"; text: string };

async function filmPageData(services: AppServices, url: URL, movie: PublicMovie, locale: Locale) {
  const { db, now, lang, messages, format, version, lookups, notBefore } = await publicPageContext(
    services,
    locale,
  );

  const near = parseNear(url.searchParams.get("near"));
  const cityText = url.searchParams.get("city")?.trim().slice(0, 100) ?? "";
  const [cities, cityLookup, allAttributes] = await Promise.all([
    // Where the film plays in the coming fortnight: the default place, and where to go when here has none.
    lookups.movieCities(
      db,
      { movieId: movie.id, from: notBefore, to: new Date(now.getTime() + (LISTING_DAYS + 1) * 86_400_000) },
      version,
    ),
    !near && cityText ? findCity(db, cityText) : Promise.resolve(undefined),
    cachedLookups(db).attributes(db),
  ]);
  const playsInDefault = cities.some((c) => isDefaultCity(c));
  const defaultCity = playsInDefault || cities.length === 0 ? DEFAULT_CITY : cities[0]!;
  const chosen: ChosenPlace = near
    ? { kind: "near", ...near }
    : cityText
      ? cityLookup?.city
        ? { kind: "city", ...cityLookup.city, fromQuery: true }
        : { kind: "unknown", text: cityText }
      : { kind: "city", ...defaultCity, fromQuery: false };
  const place: Place | null =
    chosen.kind === "near"
      ? { kind: "near", latitude: chosen.latitude, longitude: chosen.longitude, radiusKm: NEAR_RADIUS_KM }
      : chosen.kind === "city"
        ? { kind: "city", city: chosen.city, countryCode: chosen.countryCode }
        : null;
  const timeZone = chosen.kind === "city" ? chosen.timeZone : DEFAULT_CITY.timeZone;
  const placeName =
    chosen.kind === "near" ? format("home.nearYou") : chosen.kind === "city" ? chosen.city : chosen.text;
  // Links from this page keep the place as the request named it (the default needs no parameter).
  const placeOptions: FilmPageOptions =
    chosen.kind === "near"
      ? { near: `${chosen.latitude},${chosen.longitude}` }
      : chosen.kind === "city" && chosen.fromQuery && !isSameCity(chosen, defaultCity)
        ? { city: chosen.city }
        : {};

  const dates = listingDates(now, timeZone);
  const today = listingDateOf(now, timeZone);
  const counts = place
    ? await lookups.days(
        db,
        { place, movieId: movie.id, from: dates[0]!, to: dates.at(-1)!, notBefore },
        version,
      )
    : [];
  const date = chosenDay(requestedDay(url.searchParams.get("date"), dates), dates, counts);
  const tonight = date === TONIGHT;
  const listingDate = tonight ? today : date;

  const listing = place
    ? await lookups.listing(
        db,
        {
          place,
          date: listingDate,
          attributes: [],
          locale,
          notBefore: listingDate === today ? notBefore : undefined,
          movieId: movie.id,
          fromLocalTime: tonight ? TONIGHT_FROM : undefined,
        },
        version,
      )
    : [];
  const cinemas = listing[0]?.cinemas ?? [];
  const shown = filmsShown(
    url.searchParams.get("cinemas"),
    cinemas.map((c) => c.showtimes.length),
    PAGE_FIRST_SCREEN_SHOWTIMES,
  );
  const attributeName = new Map(allAttributes.map((a) => [a.code, a.names[locale] ?? a.names.en ?? a.code]));
  const viewContext = { lang, date: listingDate, now, attributeName };

  const countryFirst = chosen.kind === "city" ? chosen.countryCode : DEFAULT_CITY.countryCode;
  const ratings = Object.entries(movie.certification)
    .filter(([, rating]) => rating.trim() !== "")
    .map(([code, rating]) => ({ code, country: regionName(lang, code), rating }))
    .sort(
      (a, b) =>
        Number(b.code === countryFirst) - Number(a.code === countryFirst) ||
        a.country.localeCompare(b.country),
    );
  const titleWithYear = movie.year ? `${movie.title} (${movie.year})` : movie.title;
  const canonicalOptions: FilmPageOptions =
    chosen.kind === "city" && !isSameCity(chosen, defaultCity) ? { city: chosen.city } : {};

  return {
    movie: {
      slug: movie.slug,
      title: movie.title,
      originalTitle: movie.originalTitle,
      year: movie.year,
      runtimeMinutes: movie.runtimeMinutes,
      genres: genreNames(movie.genres, messages),
      ratings,
      /** the rating in the country of the place shown */
      localRating: ratings.find((r) => r.code === countryFirst)?.rating ?? null,
      synopsis: movie.synopsis
        ? {
            text: movie.synopsis.text,
            lang: isLocale(movie.synopsis.locale)
              ? toLanguageTag(movie.synopsis.locale)
              : movie.synopsis.locale.replace("_", "-"),
          }
        : null,
      poster: movie.poster,
      posterHue: posterHue(movie.slug),
      trailerUrl: movie.trailerUrl,
      imdbUrl: movie.imdbId ? `https://www.imdb.com/title/${encodeURIComponent(movie.imdbId)}/` : null,
      wikidataUrl: movie.wikidataId
        ? `https://www.wikidata.org/wiki/${encodeURIComponent(movie.wikidataId)}`
        : null,
    },
    place:
      chosen.kind === "city"
        ? { kind: "city" as const, city: chosen.city, countryCode: chosen.countryCode }
        : chosen.kind === "near"
          ? { kind: "near" as const }
          : { kind: "unknown" as const },
    placeName,
    /** the city field's text: what was typed, or the city shown */
    cityText: chosen.kind === "unknown" ? chosen.text : chosen.kind === "city" ? chosen.city : "",
    /** what was typed named no city exactly (a misspelling, another name): the city shown instead */
    cityCorrection:
      cityLookup?.corrected && cityLookup.city ? { city: cityLookup.city.city, typed: cityText } : null,
    /** the film has no showtimes at this place in the coming fortnight */
    notHere: counts.length === 0,
    /** where it plays instead (when it does not play here), busiest first */
    elsewhere:
      counts.length === 0
        ? cities
            .filter((c) => chosen.kind !== "city" || !isSameCity(c, chosen))
            .slice(0, 8)
            .map((c) => ({
              city: c.city,
              path: filmPagePath(movie.slug, isSameCity(c, defaultCity) ? {} : { city: c.city }),
            }))
        : [],
    date,
    tonight,
    dateLabel: tonight
      ? format("listing.tonightLabel", { date: longDayLabel(today, lang) })
      : longDayLabel(listingDate, lang),
    days: dayChoices({ dates, counts, chosen: date, lang }).map((day) => ({
      ...day,
      path: filmPagePath(movie.slug, {
        ...placeOptions,
        date: day.value === dates[0] ? undefined : day.value,
      }),
    })),
    cinemas: cinemas.slice(0, shown).map((cinema) => ({
      id: cinema.id,
      slug: cinema.slug,
      name: cinema.name,
      address: cinema.address,
      city: cinema.city,
      distanceKm: cinema.distanceKm === null ? null : Math.round(cinema.distanceKm * 10) / 10,
      placedInCity: chosen.kind === "near" && cinema.approximateLocation,
      showtimes: cinema.showtimes.map((s) =>
        showtimeView(s, { timeZone: cinema.timeZone, runtimeMinutes: movie.runtimeMinutes }, viewContext),
      ),
    })),
    /** "show more cinemas": the address that lists more, or null when all are shown */
    moreCinemas:
      shown < cinemas.length
        ? {
            count: Math.min(cinemas.length - shown, FILMS_STEP),
            path: `${filmPagePath(movie.slug, {
              ...placeOptions,
              date: date === dates[0] ? undefined : date,
              cinemas: Math.min(shown + FILMS_STEP, cinemas.length),
            })}#cinema-${shown + 1}`,
          }
        : null,
    /** the links to a cinema's page keep the day */
    cinemaDate: date === dates[0] ? undefined : date,
    pageTitle: format("listing.filmTitle", { film: movie.title, place: placeName }),
    metaDescription: format("listing.filmDescription", { film: titleWithYear, place: placeName }),
    // One page per film and city; near-me and unknown places point at the film's own page.
    canonicalPath: filmPagePath(movie.slug, canonicalOptions),
    noindex: chosen.kind === "unknown",
  };
}

function isSameCity(a: { city: string; countryCode: string }, b: { city: string; countryCode: string }) {
  return a.city === b.city && a.countryCode === b.countryCode;
}
