// The home page's listing ("/"): the place's films for the day or quick pick asked for, the shows still
// to come, in the order asked for; late at night, tomorrow's when today's are over. And the filters the
// place offers.
import { toLanguageTag, type Locale } from "../i18n/locales.ts";
import type { ListingMovie, Place } from "./find-listing.ts";
import type { ListingLookups } from "./listing-cache.ts";
import { isIsoDate, listingDateOf, listingDates } from "./listing-day.ts";
import { filterableAttributes, notBeforeOf } from "./public-listing.ts";
import { type ListingSpan, parseQuickPick, type QuickPick, quickPickSpan } from "./quick-picks.ts";
import { type FilmSort, parseFilmSort, sortListing } from "./sort-listing.ts";

/** "Popular": how often the place's cinemas show a film over this many coming days. */
const POPULARITY_DAYS = 7;
/** The filters offered: those that can match something here within this many days. */
const FILTER_DAYS = 15;
const DAY_MS = 86_400_000;

export type HomeListingRequest = {
  /** null when the city typed is unknown: nothing is listed */
  place: Place | null;
  /** the place's time zone: its listing days */
  timeZone: string;
  now: Date;
  locale: Locale;
  /** ?date=, ?when= and ?sort= as given */
  date: string | null;
  when: string | null;
  sort: string | null;
  /** the filters chosen (selectedAttributes) */
  attributes: string[];
};

export type HomeListing = {
  /** the listing days offered, today first */
  dates: string[];
  /** the quick pick shown (?when=), if any */
  pick: QuickPick | undefined;
  /** the day (or days, for a weekend) listed */
  span: ListingSpan;
  /** no day was asked for and today's shows are over: the listing shows tomorrow */
  todayIsOver: boolean;
  sort: FilmSort;
  movies: ListingMovie[];
};

export async function findHomeListing(
  lookups: ListingLookups,
  request: HomeListingRequest,
): Promise<HomeListing> {
  const { place, now, timeZone } = request;
  const dates = listingDates(now, timeZone);
  const today = listingDateOf(now, timeZone);
  const requestedDay = isIsoDate(request.date) && dates.includes(request.date) ? request.date : undefined;
  // Today: hide shows that started more than 15 minutes ago.
  const notBefore = notBeforeOf(now);
  const listingFor = (span: ListingSpan, attributes: string[] = request.attributes) =>
    place
      ? lookups.listing({
          place,
          date: span.date,
          days: span.days,
          fromHour: span.fromHour,
          attributes,
          locale: request.locale,
          notBefore: span.date === today ? notBefore : undefined,
        })
      : Promise.resolve([]);
  // A quick pick (?when=) wins over a day (?date=): the links of one drop the other.
  const pick = parseQuickPick(request.when);
  let span: ListingSpan = pick ? quickPickSpan(pick, today) : { date: requestedDay ?? dates[0]!, days: 1 };
  let movies = await listingFor(span);
  // Late at night today's listing is over: without an explicit day, show tomorrow's, and say so. Filters
  // that match nothing today keep today (the page says nothing matches them), unless today is over.
  let todayIsOver = false;
  if (!pick && !requestedDay && place && movies.length === 0 && dates[1]) {
    todayIsOver = request.attributes.length === 0 || (await listingFor(span, [])).length === 0;
    if (todayIsOver) {
      span = { date: dates[1], days: 1 };
      movies = await listingFor(span);
    }
  }
  const sort = parseFilmSort(request.sort);
  const popularity =
    place && sort === "popular" && movies.length > 1
      ? await lookups.filmPopularity(place, now, new Date(now.getTime() + POPULARITY_DAYS * DAY_MS))
      : undefined;
  movies = sortListing(movies, sort, toLanguageTag(request.locale), popularity);
  return { dates, pick, span, todayIsOver, sort, movies };
}

/** The filters a place offers: those that can match something here in the coming fortnight, and the ones chosen. */
export async function findHomeFilters<Attribute extends { code: string; category: string }>(
  lookups: ListingLookups,
  request: { place: Place | null; now: Date; attributes: readonly Attribute[]; selected: readonly string[] },
): Promise<Attribute[]> {
  const { place, now } = request;
  const inUse = place
    ? await lookups.attributeCodesInUse(place, now, new Date(now.getTime() + FILTER_DAYS * DAY_MS))
    : new Set<string>();
  return filterableAttributes(request.attributes, inUse, request.selected);
}
