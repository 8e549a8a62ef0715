// Server side of /films/{slug}: the film, the place (?city= or ?near=, as on "/"; without one, Amsterdam
// when the film plays there, else the city where it plays most), the day (?date=YYYY-MM-DD or tonight)
// and its showtimes there that day, by cinema.
import { findPublicMovie, type PublicMovie } from "../../../core/catalog/movies/find-public-movie.ts";
import { isLocale, toLanguageTag, type Locale } from "../../../core/i18n/locales.ts";
import type { AppServices } from "../../../core/services.ts";
import type { Place } from "../../../core/showtimes/find-listing.ts";
import { TONIGHT_FROM } from "../../../core/showtimes/find-listing-days.ts";
import { LISTING_DAYS, listingDateOf, listingDates } from "../../../core/showtimes/listing-day.ts";
import {
  attributeNames,
  DEFAULT_CITY,
  filmDefaultCity,
  FILMS_STEP,
  filmsShown,
  isSameCity,
  nearPlace,
  PAGE_FIRST_SCREEN_SHOWTIMES,
  parseNear,
} from "../../../core/showtimes/public-listing.ts";
import { regionName } from "../../lib/formatters.server.ts";
import { chosenDay, dayChoices, longDayLabel, requestedDay, TONIGHT } from "../../lib/listing-days.server.ts";
import { publicPageContext, type PublicPageContext } from "../../lib/public-lookups.server.ts";
import { filmPagePath, type FilmPageOptions } from "../../lib/public-paths.ts";
import { cinemaTimesView, genreNames, posterHue } from "../../lib/showtime-view.server.ts";
import { factLine, languageName } from "./film-facts.server.ts";

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

type ChosenPlace =
  | { kind: "city"; city: string; countryCode: string; timeZone: string; fromQuery: boolean }
  | { kind: "near"; latitude: number; longitude: number }
  | { kind: "unknown"; text: string };

type FilmPlace = Awaited<ReturnType<typeof chooseFilmPlace>>;
type FilmDay = Awaited<ReturnType<typeof chooseFilmDay>>;

async function filmPageData(services: AppServices, url: URL, movie: PublicMovie, locale: Locale) {
  const context = publicPageContext(services, locale);
  const { lang, format } = context;
  const where = await chooseFilmPlace(context, url, movie);
  const day = await chooseFilmDay(context, url, movie, where.place, where.timeZone);
  const { date, dates } = day;
  const cinemas = await findFilmCinemas(context, movie, where.place, day, locale);
  const shown = filmsShown(
    url.searchParams.get("cinemas"),
    cinemas.map((c) => c.showtimes.length),
    PAGE_FIRST_SCREEN_SHOWTIMES,
  );
  const viewContext = {
    lang,
    date: day.listingDate,
    now: context.now,
    attributeName: attributeNames(where.attributes, locale),
  };
  const nearMe = where.chosen.kind === "near";
  const titleWithYear = movie.year ? `${movie.title} (${movie.year})` : movie.title;

  return {
    movie: movieView(movie, context, where.chosen),
    ...placeView(movie, where, day.counts.length === 0),
    date,
    tonight: day.tonight,
    dateLabel: day.tonight
      ? format("listing.tonightLabel", { date: longDayLabel(day.today, lang) })
      : longDayLabel(day.listingDate, lang),
    days: dayChoices({ dates, counts: day.counts, chosen: date, lang }).map((choice) => ({
      ...choice,
      path: filmPagePath(movie.slug, {
        ...where.placeOptions,
        date: choice.value === dates[0] ? undefined : choice.value,
      }),
    })),
    cinemas: cinemas
      .slice(0, shown)
      .map((cinema) =>
        cinemaTimesView(cinema, { runtimeMinutes: movie.runtimeMinutes, nearMe }, viewContext),
      ),
    /** "show more cinemas": the address that lists more, or null when all are shown */
    moreCinemas: moreCinemasLink(movie.slug, where.placeOptions, day, shown, cinemas.length),
    /** the links to a cinema's page keep the day */
    cinemaDate: date === dates[0] ? undefined : date,
    pageTitle: format("listing.filmTitle", { film: movie.title, place: where.placeName }),
    metaDescription: format("listing.filmDescription", { film: titleWithYear, place: where.placeName }),
    // One page per film and city; near-me and unknown places point at the film's own page.
    canonicalPath: filmPagePath(
      movie.slug,
      where.chosen.kind === "city" && !isSameCity(where.chosen, where.defaultCity)
        ? { city: where.chosen.city }
        : {},
    ),
    noindex: where.chosen.kind === "unknown",
  };
}

/** The place asked for (?near=, ?city=) or, without one, the film's default city; and the attributes. */
async function chooseFilmPlace(context: PublicPageContext, url: URL, movie: PublicMovie) {
  const { lookups, now, notBefore, format } = context;
  const near = parseNear(url.searchParams.get("near"));
  const cityText = url.searchParams.get("city")?.trim().slice(0, 100) ?? "";
  const [cities, cityLookup, attributes] = await Promise.all([
    // Where the film plays in the coming fortnight: the default place, and where to go when here has none.
    lookups.movieCities({
      movieId: movie.id,
      from: notBefore,
      to: new Date(now.getTime() + (LISTING_DAYS + 1) * 86_400_000),
    }),
    !near && cityText ? lookups.findCity(cityText) : Promise.resolve(undefined),
    lookups.attributes(),
  ]);
  const defaultCity = filmDefaultCity(cities);
  const chosen: ChosenPlace = near
    ? { kind: "near", ...near }
    : cityText
      ? cityLookup?.city
        ? { kind: "city", ...cityLookup.city, fromQuery: true }
        : { kind: "unknown", text: cityText }
      : { kind: "city", ...defaultCity, fromQuery: false };
  const place: Place | null =
    chosen.kind === "near"
      ? nearPlace(chosen)
      : chosen.kind === "city"
        ? { kind: "city", city: chosen.city, countryCode: chosen.countryCode }
        : null;
  // Links from this page keep the place as the request named it (the default needs no parameter).
  const placeOptions: FilmPageOptions =
    chosen.kind === "near"
      ? { near: `${chosen.latitude},${chosen.longitude}` }
      : chosen.kind === "city" && chosen.fromQuery && !isSameCity(chosen, defaultCity)
        ? { city: chosen.city }
        : {};
  return {
    cities,
    defaultCity,
    chosen,
    place,
    attributes,
    timeZone: chosen.kind === "city" ? chosen.timeZone : DEFAULT_CITY.timeZone,
    placeName:
      chosen.kind === "near" ? format("home.nearYou") : chosen.kind === "city" ? chosen.city : chosen.text,
    placeOptions,
    /** what was typed named no city exactly (a misspelling, another name): the city shown instead */
    cityCorrection:
      cityLookup?.corrected && cityLookup.city ? { city: cityLookup.city.city, typed: cityText } : null,
  };
}

/** The days the film plays at the place, and the one shown (?date=, else the first with shows). */
async function chooseFilmDay(
  context: PublicPageContext,
  url: URL,
  movie: PublicMovie,
  place: Place | null,
  timeZone: string,
) {
  const { lookups, now, notBefore } = context;
  const dates = listingDates(now, timeZone);
  const today = listingDateOf(now, timeZone);
  const counts = place
    ? await lookups.listingDays({ place, movieId: movie.id, from: dates[0]!, to: dates.at(-1)!, notBefore })
    : [];
  const date = chosenDay(requestedDay(url.searchParams.get("date"), dates), dates, counts);
  const tonight = date === TONIGHT;
  return { dates, today, counts, date, tonight, listingDate: tonight ? today : date };
}

/** The cinemas that show the film at the place on the day, with their times. */
async function findFilmCinemas(
  context: PublicPageContext,
  movie: PublicMovie,
  place: Place | null,
  day: FilmDay,
  locale: Locale,
) {
  if (!place) return [];
  const listing = await context.lookups.listing({
    place,
    date: day.listingDate,
    attributes: [],
    locale,
    notBefore: day.listingDate === day.today ? context.notBefore : undefined,
    movieId: movie.id,
    fromLocalTime: day.tonight ? TONIGHT_FROM : undefined,
  });
  return listing[0]?.cinemas ?? [];
}

/** What the film is: its facts, age ratings (the place's country first), synopsis and links. */
function movieView(movie: PublicMovie, context: PublicPageContext, chosen: ChosenPlace) {
  const countryFirst = chosen.kind === "city" ? chosen.countryCode : DEFAULT_CITY.countryCode;
  const ratings = Object.entries(movie.certification)
    .filter(([, rating]) => rating.trim() !== "")
    .map(([code, rating]) => ({ code, country: regionName(context.lang, code), rating }))
    .sort(
      (a, b) =>
        Number(b.code === countryFirst) - Number(a.code === countryFirst) ||
        a.country.localeCompare(b.country),
    );
  const genres = genreNames(movie.genres, context.messages);
  return {
    slug: movie.slug,
    title: movie.title,
    originalTitle: movie.originalTitle,
    year: movie.year,
    runtimeMinutes: movie.runtimeMinutes,
    genres,
    /** the first genre's code: the poster stand-in's colour */
    primaryGenre: movie.genres[0] ?? null,
    directors: movie.directors,
    language: languageName(context.lang, movie.originalLanguage),
    /** what the page says of the film when it has no synopsis: its facts as a sentence */
    factLine: factLine({ ...movie, genres }, context.lang, context.format),
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
  };
}

/** The place shown, the city field's text, and where else the film plays when it does not play here. */
function placeView(movie: PublicMovie, where: FilmPlace, notHere: boolean) {
  const { chosen, defaultCity } = where;
  return {
    place:
      chosen.kind === "city"
        ? { kind: "city" as const, city: chosen.city, countryCode: chosen.countryCode }
        : chosen.kind === "near"
          ? { kind: "near" as const }
          : { kind: "unknown" as const },
    placeName: where.placeName,
    /** the city field's text: what was typed, or the city shown */
    cityText: chosen.kind === "unknown" ? chosen.text : chosen.kind === "city" ? chosen.city : "",
    /** what was typed named no city exactly (a misspelling, another name): the city shown instead */
    cityCorrection: where.cityCorrection,
    /** the film has no showtimes at this place in the coming fortnight */
    notHere,
    /** where it plays instead (when it does not play here), busiest first */
    elsewhere: notHere
      ? where.cities
          .filter((c) => chosen.kind !== "city" || !isSameCity(c, chosen))
          .slice(0, 8)
          .map((c) => ({
            city: c.city,
            path: filmPagePath(movie.slug, isSameCity(c, defaultCity) ? {} : { city: c.city }),
          }))
      : [],
  };
}

/** "Show more cinemas": the address that lists FILMS_STEP more, or null when all are shown. */
function moreCinemasLink(
  slug: string,
  placeOptions: FilmPageOptions,
  day: FilmDay,
  shown: number,
  total: number,
) {
  if (shown >= total) return null;
  return {
    count: Math.min(total - shown, FILMS_STEP),
    path: `${filmPagePath(slug, {
      ...placeOptions,
      date: day.date === day.dates[0] ? undefined : day.date,
      cinemas: Math.min(shown + FILMS_STEP, total),
    })}#cinema-${shown + 1}`,
  };
}
