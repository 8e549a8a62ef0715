// Server side of "/": parse the query, resolve the place and day, load and shape the listing.
import { listAttributes } from "../../../core/catalog/list-attributes.ts";
import { findCity, listPopularCities } from "../../../core/catalog/places.ts";
import { memoizeAsync } from "../../../core/cache/memoize.ts";
import { dateTimeFormat } from "../../lib/formatters.server.ts";
import { genreNames, showtimeView } from "../../lib/showtime-view.server.ts";
import { toLanguageTag, type Locale } from "../../../core/i18n/locales.ts";
import { formatMessageRef, messageRef } from "../../../core/i18n/message-ref.ts";
import type { AppServices } from "../../../core/services.ts";
import {
  findAttributeCodesInUse,
  findListing,
  findShowtimeCountsByFilm,
  type ListingQuery,
  type Place,
} from "../../../core/showtimes/find-listing.ts";
import { FILMS_STEP } from "./listing-params.ts";
import { addDays, isIsoDate, listingDateOf, listingDates } from "../../../core/showtimes/listing-day.ts";
import { type ListingSpan, parseQuickPick, quickPickSpan } from "../../../core/showtimes/quick-picks.ts";
import { parseFilmSort, sortListing } from "../../../core/showtimes/sort-listing.ts";

export const DEFAULT_CITY = { city: "Amsterdam", countryCode: "NL", timeZone: "Europe/Amsterdam" } as const;
export const NEAR_RADIUS_KM = 15;
const MAX_FILMS = 400;
/** The first screen's showtimes: about 2 KB of HTML each, chips, ticket details and JSON-LD together. */
const FIRST_SCREEN_SHOWTIMES = 24;
const ATTRIBUTE_FILTER_CATEGORIES = ["language", "subtitles", "format", "accessibility"];
/** "Popular": how often the place's cinemas show a film over this many coming days. */
const POPULARITY_DAYS = 7;

/** A city's listing as search engines should know it: no day, no filters; the default city is "/". */
export function cityPagePath(city: { city: string; countryCode: string }): string {
  return isDefaultCity(city) ? "/" : `/?${new URLSearchParams({ city: city.city }).toString()}`;
}

export function isDefaultCity(city: { city: string; countryCode: string }): boolean {
  return city.city === DEFAULT_CITY.city && city.countryCode === DEFAULT_CITY.countryCode;
}

export function parseNear(value: string | null): { latitude: number; longitude: number } | undefined {
  if (!value) return undefined;
  const match = /^(-?\d{1,2}(?:\.\d+)?),(-?\d{1,3}(?:\.\d+)?)$/.exec(value.trim());
  if (!match) return undefined;
  const latitude = Number(match[1]);
  const longitude = Number(match[2]);
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return undefined;
  return { latitude: Math.round(latitude * 1e4) / 1e4, longitude: Math.round(longitude * 1e4) / 1e4 };
}

// Rarely changing lists, per database (tests run several): a minute is fresh enough.
const perDatabase = new WeakMap<object, ReturnType<typeof createCachedLookups>>();
function createCachedLookups() {
  return {
    attributes: memoizeAsync((db: AppServices["db"]) => listAttributes(db), {
      ttlMs: 60_000,
      key: () => "all",
    }),
    cities: memoizeAsync((db: AppServices["db"]) => listPopularCities(db), {
      ttlMs: 60_000,
      key: () => "popular",
    }),
    // The day's listing between renders: other variants of the page (language, colour mode, more films)
    // and data requests share it; the data version in the key drops it when showtimes change.
    listing: memoizeAsync(
      (db: AppServices["db"], query: ListingQuery, _version: number) => findListing(db, query),
      { ttlMs: 60_000, max: 500, key: (_db, query, version) => `${version} ${JSON.stringify(query)}` },
    ),
    codesInUse: memoizeAsync(
      (db: AppServices["db"], place: Place, from: Date, to: Date) =>
        findAttributeCodesInUse(db, place, from, to),
      { ttlMs: 5 * 60_000, max: 2000, key: (_db, place) => JSON.stringify(place) },
    ),
    // The coming week's shows per film: a few minutes old is fine for an order.
    popularity: memoizeAsync(
      (db: AppServices["db"], place: Place, from: Date, to: Date) =>
        findShowtimeCountsByFilm(db, place, from, to),
      { ttlMs: 5 * 60_000, max: 2000, key: (_db, place) => JSON.stringify(place) },
    ),
  };
}
/** The listing's cached lookups (attributes, cities, listings), shared by the public pages. */
export function cachedLookups(db: AppServices["db"]) {
  let lookups = perDatabase.get(db);
  if (!lookups) {
    lookups = createCachedLookups();
    perDatabase.set(db, lookups);
  }
  return lookups;
}

/**
 * How many films to render. Asked for (the "more films" links): that many. Otherwise the first screen:
 * up to FILMS_STEP films while their showtimes stay within FIRST_SCREEN_SHOWTIMES (at least one film):
 * a busy day's eight most-played films can have two hundred times between them.
 */
export function filmsShown(
  requested: string | null,
  showtimeCounts: readonly number[],
  budget = FIRST_SCREEN_SHOWTIMES,
): number {
  const total = showtimeCounts.length;
  if (requested && /^\d{1,4}$/.test(requested) && Number(requested) > 0)
    return Math.min(Number(requested), MAX_FILMS, total);
  let films = 0;
  let showtimes = 0;
  for (const count of showtimeCounts.slice(0, FILMS_STEP)) {
    if (films > 0 && showtimes + count > budget) break;
    films += 1;
    showtimes += count;
  }
  return films;
}

/**
 * The first screen cut to `budget` showtimes at a cinema's boundary (at least one cinema): one film can
 * play two hundred times on a busy day.
 */
export function trimToShowtimes<Movie extends { cinemas: readonly { showtimes: readonly unknown[] }[] }>(
  movies: readonly Movie[],
  budget: number,
): { movies: Movie[]; trimmed: boolean } {
  const kept: Movie[] = [];
  let used = 0;
  for (const movie of movies) {
    const cinemas: Movie["cinemas"][number][] = [];
    for (const cinema of movie.cinemas) {
      if (used > 0 && used + cinema.showtimes.length > budget) break;
      cinemas.push(cinema);
      used += cinema.showtimes.length;
    }
    if (cinemas.length === 0) return { movies: kept, trimmed: false };
    kept.push({ ...movie, cinemas });
    if (cinemas.length < movie.cinemas.length) return { movies: kept, trimmed: true };
  }
  return { movies: kept, trimmed: false };
}

export async function loadHomeListing(services: AppServices, url: URL, locale: Locale) {
  const { db } = services;
  const now = services.now();
  const lang = toLanguageTag(locale);
  const cityText = url.searchParams.get("city")?.trim() ?? "";
  const near = parseNear(url.searchParams.get("near"));

  const lookups = cachedLookups(db);
  const [allAttributes, cities, lookup] = await Promise.all([
    lookups.attributes(db),
    lookups.cities(db),
    !near && cityText ? findCity(db, cityText) : Promise.resolve(undefined),
  ]);
  const resolved = lookup?.city;
  const cityNotFound = Boolean(!near && cityText && !resolved);
  const city = resolved ?? DEFAULT_CITY;
  const timeZone = near ? DEFAULT_CITY.timeZone : city.timeZone;
  const place: Place = near
    ? { kind: "near", ...near, radiusKm: NEAR_RADIUS_KM }
    : { kind: "city", city: city.city, countryCode: city.countryCode };

  const dates = listingDates(now, timeZone);
  const requestedDate = url.searchParams.get("date");
  const requestedDay = isIsoDate(requestedDate) && dates.includes(requestedDate) ? requestedDate : undefined;
  const today = listingDateOf(now, timeZone);

  const known = new Set(allAttributes.map((a) => a.code));
  const selected = [...new Set(url.searchParams.getAll("attr"))]
    .filter((code) => known.has(code))
    .slice(0, 10);
  // Offer only filters that can match something here in the coming fortnight (plus the ones chosen).
  const inUse = cityNotFound
    ? new Set<string>()
    : await lookups.codesInUse(db, place, now, new Date(now.getTime() + 15 * 86_400_000));
  const filterable = allAttributes.filter(
    (a) =>
      ATTRIBUTE_FILTER_CATEGORIES.includes(a.category) && (inUse.has(a.code) || selected.includes(a.code)),
  );

  const version = await services.apiCache.dataVersion();
  // Today: hide shows that started more than 15 minutes ago (to the minute, so renders share a query).
  const notBefore = new Date(Math.floor((now.getTime() - 15 * 60_000) / 60_000) * 60_000);
  const listingFor = (span: ListingSpan, attributes: string[] = selected) =>
    lookups.listing(
      db,
      {
        place,
        date: span.date,
        days: span.days,
        fromHour: span.fromHour,
        attributes,
        locale,
        notBefore: span.date === today ? notBefore : undefined,
      },
      version,
    );
  // A quick pick (?when=) wins over a day (?date=): the links of one drop the other.
  const pick = parseQuickPick(url.searchParams.get("when"));
  let span: ListingSpan = pick ? quickPickSpan(pick, today) : { date: requestedDay ?? dates[0]!, days: 1 };
  let movies = cityNotFound ? [] : await listingFor(span);
  // Late at night today's listing is over: without an explicit day, show tomorrow's, and say so. Filters
  // that match nothing today keep today (the page says nothing matches them), unless today is over.
  let todayIsOver = false;
  if (!pick && !requestedDay && !cityNotFound && movies.length === 0 && dates[1]) {
    todayIsOver = selected.length === 0 || (await listingFor(span, [])).length === 0;
    if (todayIsOver) {
      span = { date: dates[1], days: 1 };
      movies = await listingFor(span);
    }
  }
  const date = span.date;
  const sort = parseFilmSort(url.searchParams.get("sort"));
  const popularity =
    sort === "popular" && movies.length > 1
      ? await lookups.popularity(db, place, now, new Date(now.getTime() + POPULARITY_DAYS * 86_400_000))
      : undefined;
  movies = sortListing(movies, sort, lang, popularity);

  const filmsAsked = url.searchParams.has("films");
  const filmsParam = url.searchParams.get("films");
  const shownFilms = filmsShown(
    url.searchParams.get("films"),
    movies.map((movie) => movie.showtimeCount),
  );
  const firstScreen = filmsAsked
    ? { movies: movies.slice(0, shownFilms), trimmed: false }
    : trimToShowtimes(movies.slice(0, shownFilms), FIRST_SCREEN_SHOWTIMES);
  const attributeName = new Map(allAttributes.map((a) => [a.code, a.names[locale] ?? a.names.en ?? a.code]));
  const messages = services.i18n.messagesFor(locale);
  const viewContext = { lang, date, now, attributeName, spansDays: span.days > 1 };
  const dayLabel = dateTimeFormat(lang, { weekday: "short", timeZone: "UTC" });
  const dayNumber = dateTimeFormat(lang, { day: "numeric", month: "short", timeZone: "UTC" });
  const longDay = dateTimeFormat(lang, { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" });
  const spanDates = Array.from({ length: span.days }, (_, i) => addDays(date, i));

  return {
    place: near
      ? { kind: "near" as const, near: `${near.latitude},${near.longitude}`, radiusKm: NEAR_RADIUS_KM }
      : { kind: "city" as const, city: city.city, countryCode: city.countryCode },
    cityText,
    cityNotFound,
    /** what was typed named no city exactly: the page says which city it shows instead */
    cityCorrected: Boolean(lookup?.corrected),
    /** no day was asked for and today's shows are over: the listing shows tomorrow */
    todayIsOver,
    citySuggestions: (lookup?.suggestions ?? []).map((c) => c.city),
    pageTitle: formatMessageRef(
      services.i18n.messagesFor(locale),
      messageRef("home.title", {
        place: near
          ? formatMessageRef(services.i18n.messagesFor(locale), "home.nearYou", locale)
          : cityNotFound
            ? cityText
            : city.city,
      }),
      locale,
    ),
    // Near-me listings and unknown cities are not pages of their own: they point at the home page.
    canonicalPath: near || cityNotFound ? "/" : cityPagePath(city),
    cities: cities.map((c) => c.city),
    /** what the film and cinema pages open with: this place and day (left out when they are the defaults) */
    filmLink: {
      near: near ? `${near.latitude},${near.longitude}` : undefined,
      city: near || cityNotFound || isDefaultCity(city) ? undefined : city.city,
      date: date === dates[0] ? undefined : date,
    },
    cinemaLink: { date: date === dates[0] ? undefined : date },
    date,
    dateLabel: longDay.format(new Date(`${date}T12:00:00Z`)),
    /** the quick pick shown (?when=), if any */
    when: pick ?? null,
    sort,
    /** listing days shown: two for a weekend, each with its label; its times are grouped by day */
    days: span.days,
    lastDateLabel: span.days > 1 ? longDay.format(new Date(`${spanDates.at(-1)}T12:00:00Z`)) : null,
    dayLabels:
      span.days > 1
        ? Object.fromEntries(
            spanDates.map((d) => {
              const at = new Date(`${d}T12:00:00Z`);
              return [d, `${dayLabel.format(at)} ${dayNumber.format(at)}`];
            }),
          )
        : null,
    dates: dates.map((d, i) => ({
      value: d,
      isToday: i === 0,
      weekday: dayLabel.format(new Date(`${d}T12:00:00Z`)),
      day: dayNumber.format(new Date(`${d}T12:00:00Z`)),
    })),
    filters: ATTRIBUTE_FILTER_CATEGORIES.map((category) => ({
      category,
      options: filterable
        .filter((a) => a.category === category)
        .map((a) => ({ code: a.code, name: attributeName.get(a.code) ?? a.code })),
    })).filter((group) => group.options.length > 0),
    selected,
    movieCount: movies.length,
    /** every showtime the place, day and filters give (the phones' filters sheet counts them) */
    showtimeCount: movies.reduce((sum, movie) => sum + movie.showtimeCount, 0),
    /** the number of films the visitor asked for (?films=): filtering keeps it */
    filmsAsked: filmsAsked && filmsParam && /^\d{1,4}$/.test(filmsParam) ? Number(filmsParam) : null,
    /** the first screen stops inside its last film (some of its cinemas are behind the "more" link) */
    trimmed: firstScreen.trimmed,
    movies: firstScreen.movies.map((movie) => ({
      id: movie.id,
      title: movie.title,
      year: movie.year,
      runtimeMinutes: movie.runtimeMinutes,
      genres: genreNames(movie.genres, messages),
      /** null for showtimes not linked to a film (no page of their own) */
      slug: movie.slug,
      cinemas: movie.cinemas.map((cinema) => ({
        id: cinema.id,
        slug: cinema.slug,
        name: cinema.name,
        address: cinema.address,
        city: cinema.city,
        distanceKm: cinema.distanceKm === null ? null : Math.round(cinema.distanceKm * 10) / 10,
        // Near me: a cinema placed only at its city's centre says "in {city}", not a made-up distance.
        placedInCity: near !== undefined && cinema.approximateLocation,
        showtimes: cinema.showtimes.map((s) =>
          showtimeView(s, { timeZone: cinema.timeZone, runtimeMinutes: movie.runtimeMinutes }, viewContext),
        ),
      })),
    })),
    // In the page's language; the Dutch text is SPEC's description.
    metaDescription: messages["home.metaDescription"] ?? "",
  };
}
