// The home page's listing as the page renders it: the place and its links, the days in the page's
// language, the filters, and a page of the day's films, each a card with its next few times by cinema.
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
  DEFAULT_CITY,
  filmsPage,
  isDefaultCity,
  NEAR_RADIUS_KM,
} from "../../../core/showtimes/public-listing.ts";
import { dateTimeFormat } from "../../lib/formatters.server.ts";
import { filmGlanceView } from "../../lib/showtime-view.server.ts";
import type { HomePlace } from "./listing.server.ts";

type Messages = Readonly<Record<string, string>>;

export type HomeListingParts = {
  messages: Messages;
  locale: Locale;
  now: Date;
  /** ?page= as given */
  page: string | null;
  /** ?films= as given: films a page, when asked for (a shared link, "all films" at once) */
  films: string | null;
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
  const filmsAsked =
    parts.films && /^\d{1,3}$/.test(parts.films) && Number(parts.films) > 0 ? Number(parts.films) : null;
  const page = filmsPage(parts.page, listing.movies.length, filmsAsked ?? undefined);
  const viewContext = { lang, date, now: parts.now, attributeName, spansDays: listing.span.days > 1 };
  const film = {
    nearMe: near !== undefined,
    countryCode: near ? DEFAULT_CITY.countryCode : city.countryCode,
    formatCodes: new Set(parts.attributes.filter((a) => a.category === "format").map((a) => a.code)),
    messages,
  };
  const nearCity = near ? nearestCity(listing.movies) : null;
  return {
    place: near
      ? {
          kind: "near" as const,
          near: `${near.latitude},${near.longitude}`,
          radiusKm: NEAR_RADIUS_KM,
          /** the city of the nearest cinema listed: the page names it ("the area around Utrecht") */
          city: nearCity,
        }
      : { kind: "city" as const, city: city.city, countryCode: city.countryCode },
    cityText,
    cityNotFound,
    /** what was typed named no city exactly: the page says which city it shows instead */
    cityCorrected: Boolean(lookup?.corrected),
    /** no day was asked for and today's shows are over: the listing shows tomorrow */
    todayIsOver: listing.todayIsOver,
    citySuggestions: (lookup?.suggestions ?? []).map((c) => c.city),
    pageTitle: pageTitle(messages, locale, where, nearCity),
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
    /** films a page, when asked for (?films=): the page's links and filters keep it */
    filmsAsked,
    /** which films this page shows: from+1 to `to` of `total`, page `page` of `pages` */
    filmsPage: page,
    movies: listing.movies.slice(page.from, page.to).map((movie) => filmGlanceView(movie, film, viewContext)),
    // In the page's language; the Dutch text is SPEC's description.
    metaDescription: messages["home.metaDescription"] ?? "",
  };
}

/**
 * Near the visitor: the city of the nearest cinema listed (one placed at a known address first, else the
 * city most of them are in), or null when none is listed.
 */
export function nearestCity(movies: readonly ListingMovie[]): string | null {
  const cinemas = movies.flatMap((movie) => movie.cinemas);
  const placed = cinemas
    .filter((c) => c.distanceKm !== null)
    .sort((a, b) => (a.distanceKm ?? 0) - (b.distanceKm ?? 0));
  if (placed[0]) return placed[0].city;
  const counts = new Map<string, number>();
  for (const c of cinemas) counts.set(c.city, (counts.get(c.city) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? null;
}

/** "Films in Amsterdam", "Films in the area around Utrecht" (near me), or the city typed when not found. */
function pageTitle(messages: Messages, locale: Locale, where: HomePlace, nearCity: string | null): string {
  const place = where.near
    ? nearCity
      ? formatMessageRef(messages, messageRef("home.nearCity", { city: nearCity }), locale)
      : formatMessageRef(messages, "home.nearYou", locale)
    : where.cityNotFound
      ? where.cityText
      : where.city.city;
  return formatMessageRef(messages, messageRef("home.title", { place }), locale);
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
