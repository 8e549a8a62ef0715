// The home page's listing as the page renders it: the place and its links, the days in the page's
// language, the filters, and the first screen's films with their cinemas and times.
import type { AttributeSummary } from "../../../core/catalog/attributes/list-all-attributes.ts";
import type { City } from "../../../core/catalog/cinemas/places.ts";
import { toLanguageTag, type Locale } from "../../../core/i18n/locales.ts";
import { formatMessageRef, messageRef } from "../../../core/i18n/message-ref.ts";
import type { ListingMovie } from "../../../core/showtimes/find-listing.ts";
import type { HomeListing } from "../../../core/showtimes/home-listing.ts";
import { addDays } from "../../../core/showtimes/listing-day.ts";
import {
  ATTRIBUTE_FILTER_CATEGORIES,
  attributeNames,
  filmsShown,
  FIRST_SCREEN_SHOWTIMES,
  isDefaultCity,
  NEAR_RADIUS_KM,
  trimToShowtimes,
} from "../../../core/showtimes/public-listing.ts";
import { dateTimeFormat } from "../../lib/formatters.server.ts";
import { cinemaTimesView, genreNames, type ShowtimeViewContext } from "../../lib/showtime-view.server.ts";
import type { HomePlace } from "./listing.server.ts";

type Messages = Readonly<Record<string, string>>;

export type HomeListingParts = {
  messages: Messages;
  locale: Locale;
  now: Date;
  /** ?films= as given, and whether it was */
  films: string | null;
  filmsParamGiven: boolean;
  where: HomePlace;
  /** the address search engines should know the page by */
  canonicalPath: string;
  cities: readonly City[];
  attributes: readonly AttributeSummary[];
  filterable: readonly AttributeSummary[];
  selected: string[];
  listing: HomeListing;
};

export function homeListingView(parts: HomeListingParts) {
  const { messages, locale, where, listing, selected } = parts;
  const { near, city, cityText, cityNotFound, lookup } = where;
  const lang = toLanguageTag(locale);
  const date = listing.span.date;
  const attributeName = attributeNames(parts.attributes, locale);
  const firstScreen = firstScreenOf(listing.movies, parts.films, parts.filmsParamGiven);
  const viewContext = { lang, date, now: parts.now, attributeName, spansDays: listing.span.days > 1 };
  return {
    place: near
      ? { kind: "near" as const, near: `${near.latitude},${near.longitude}`, radiusKm: NEAR_RADIUS_KM }
      : { kind: "city" as const, city: city.city, countryCode: city.countryCode },
    cityText,
    cityNotFound,
    /** what was typed named no city exactly: the page says which city it shows instead */
    cityCorrected: Boolean(lookup?.corrected),
    /** no day was asked for and today's shows are over: the listing shows tomorrow */
    todayIsOver: listing.todayIsOver,
    citySuggestions: (lookup?.suggestions ?? []).map((c) => c.city),
    pageTitle: pageTitle(messages, locale, where),
    canonicalPath: parts.canonicalPath,
    cities: parts.cities.map((c) => c.city),
    /** what the film and cinema pages open with: this place and day (left out when they are the defaults) */
    filmLink: {
      near: near ? `${near.latitude},${near.longitude}` : undefined,
      city: near || cityNotFound || isDefaultCity(city) ? undefined : city.city,
      date: date === listing.dates[0] ? undefined : date,
    },
    cinemaLink: { date: date === listing.dates[0] ? undefined : date },
    ...daysView(lang, listing),
    filters: ATTRIBUTE_FILTER_CATEGORIES.map((category) => ({
      category,
      options: parts.filterable
        .filter((a) => a.category === category)
        .map((a) => ({ code: a.code, name: attributeName.get(a.code) ?? a.code })),
    })).filter((group) => group.options.length > 0),
    selected,
    movieCount: listing.movies.length,
    /** every showtime the place, day and filters give (the phones' filters sheet counts them) */
    showtimeCount: listing.movies.reduce((sum, movie) => sum + movie.showtimeCount, 0),
    /** the number of films the visitor asked for (?films=): filtering keeps it */
    filmsAsked:
      parts.filmsParamGiven && parts.films && /^\d{1,4}$/.test(parts.films) ? Number(parts.films) : null,
    /** the first screen stops inside its last film (some of its cinemas are behind the "more" link) */
    trimmed: firstScreen.trimmed,
    movies: firstScreen.movies.map((movie) => movieView(movie, near !== undefined, messages, viewContext)),
    // In the page's language; the Dutch text is SPEC's description.
    metaDescription: messages["home.metaDescription"] ?? "",
  };
}

/** "Films in Amsterdam", "Films near you", or the city typed when it was not found. */
function pageTitle(messages: Messages, locale: Locale, where: HomePlace): string {
  const place = where.near
    ? formatMessageRef(messages, "home.nearYou", locale)
    : where.cityNotFound
      ? where.cityText
      : where.city.city;
  return formatMessageRef(messages, messageRef("home.title", { place }), locale);
}

/** The films the page renders: as many as asked for (?films=), else the first screen's (filmsShown). */
function firstScreenOf(movies: ListingMovie[], films: string | null, asked: boolean) {
  const shown = filmsShown(
    films,
    movies.map((movie) => movie.showtimeCount),
  );
  return asked
    ? { movies: movies.slice(0, shown), trimmed: false }
    : trimToShowtimes(movies.slice(0, shown), FIRST_SCREEN_SHOWTIMES);
}

/** The day or days listed and the date strip, in the page's language. */
function daysView(lang: string, listing: HomeListing) {
  const { span, dates } = listing;
  const date = span.date;
  const dayLabel = dateTimeFormat(lang, { weekday: "short", timeZone: "UTC" });
  const dayNumber = dateTimeFormat(lang, { day: "numeric", month: "short", timeZone: "UTC" });
  const longDay = dateTimeFormat(lang, { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" });
  const noon = (d: string) => new Date(`${d}T12:00:00Z`);
  const spanDates = Array.from({ length: span.days }, (_, i) => addDays(date, i));
  return {
    date,
    dateLabel: longDay.format(noon(date)),
    /** the quick pick shown (?when=), if any */
    when: listing.pick ?? null,
    sort: listing.sort,
    /** listing days shown: two for a weekend, each with its label; its times are grouped by day */
    days: span.days,
    lastDateLabel: span.days > 1 ? longDay.format(noon(spanDates.at(-1)!)) : null,
    dayLabels:
      span.days > 1
        ? Object.fromEntries(
            spanDates.map((d) => [d, `${dayLabel.format(noon(d))} ${dayNumber.format(noon(d))}`]),
          )
        : null,
    dates: dates.map((d, i) => ({
      value: d,
      isToday: i === 0,
      weekday: dayLabel.format(noon(d)),
      day: dayNumber.format(noon(d)),
    })),
  };
}

/** A film's card: its facts and, per cinema, its times. */
function movieView(movie: ListingMovie, nearMe: boolean, messages: Messages, context: ShowtimeViewContext) {
  return {
    id: movie.id,
    title: movie.title,
    year: movie.year,
    runtimeMinutes: movie.runtimeMinutes,
    genres: genreNames(movie.genres, messages),
    /** null for showtimes not linked to a film (no page of their own) */
    slug: movie.slug,
    cinemas: movie.cinemas.map((cinema) =>
      cinemaTimesView(cinema, { runtimeMinutes: movie.runtimeMinutes, nearMe }, context),
    ),
  };
}
