// The public listing's rules, shared by the home, film and cinema pages: the default city, a place near
// the visitor, which of today's shows are still listed, which filters are offered and how much the first
// screen shows. Pure and browser-safe (the home page's "more films" link counts in FILMS_STEP).
import type { Place } from "./find-listing.ts";

export const DEFAULT_CITY = { city: "Amsterdam", countryCode: "NL", timeZone: "Europe/Amsterdam" } as const;
/** "Near me": the cinemas within this distance of the visitor. */
export const NEAR_RADIUS_KM = 15;
/** Films on the first screen, and how many more each "more films" link adds. */
export const FILMS_STEP = 8;
const MAX_FILMS = 400;
/**
 * Films per page of "/" (each a card with at most two times, app/lib/showtime-view.server.ts): every film
 * of the day a page at a time, within the page's weight budget of 100 KB of HTML (measured on the demo
 * data: about 45 KB without films, then about 3.4 KB a time with its ticket details, loader data and
 * JSON-LD, and 1.5 KB a card: six cards come to about 90 KB).
 */
export const FILMS_PER_PAGE = 6;
/** The first screen's showtimes on "/": about 2 KB of HTML each, chips, ticket details and JSON-LD together. */
export const FIRST_SCREEN_SHOWTIMES = 24;
/**
 * The showtimes a film or cinema page renders before its "show more" link (whole cinemas or films, at
 * least one): half of "/" (24), since these pages also carry the film's or cinema's own details;
 * about 2.4 KB of HTML each, chip, ticket details and JSON-LD together.
 */
export const PAGE_FIRST_SCREEN_SHOWTIMES = 12;
/** The attribute categories the listing filters by, in the order the filters show them. */
export const ATTRIBUTE_FILTER_CATEGORIES = ["language", "subtitles", "format", "accessibility"];
/** At most this many filters apply at once. */
const MAX_SELECTED_ATTRIBUTES = 10;

type CityName = { city: string; countryCode: string };

export function isDefaultCity(city: CityName): boolean {
  return isSameCity(city, DEFAULT_CITY);
}

export function isSameCity(a: CityName, b: CityName): boolean {
  return a.city === b.city && a.countryCode === b.countryCode;
}

/** `?near=52.37,4.89` as a position, rounded to about ten metres; anything else is undefined. */
export function parseNear(value: string | null): { latitude: number; longitude: number } | undefined {
  if (!value) return undefined;
  const match = /^(-?\d{1,2}(?:\.\d+)?),(-?\d{1,3}(?:\.\d+)?)$/.exec(value.trim());
  if (!match) return undefined;
  const latitude = Number(match[1]);
  const longitude = Number(match[2]);
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return undefined;
  return { latitude: Math.round(latitude * 1e4) / 1e4, longitude: Math.round(longitude * 1e4) / 1e4 };
}

/** The cinemas around a visitor's position. */
export function nearPlace(near: { latitude: number; longitude: number }): Place {
  return { kind: "near", latitude: near.latitude, longitude: near.longitude, radiusKm: NEAR_RADIUS_KM };
}

/** Today's earlier shows drop off a quarter of an hour after they start (to the minute, so renders share a query). */
export function notBeforeOf(now: Date): Date {
  return new Date(Math.floor((now.getTime() - 15 * 60_000) / 60_000) * 60_000);
}

/** The filters asked for (`?attr=`) that name a known attribute, each once, at most ten. */
export function selectedAttributes(asked: readonly string[], known: readonly { code: string }[]): string[] {
  const codes = new Set(known.map((a) => a.code));
  return [...new Set(asked)].filter((code) => codes.has(code)).slice(0, MAX_SELECTED_ATTRIBUTES);
}

/** The filters worth offering: the listing's categories, the codes in use here, and the ones chosen. */
export function filterableAttributes<Attribute extends { code: string; category: string }>(
  attributes: readonly Attribute[],
  inUse: ReadonlySet<string>,
  selected: readonly string[],
): Attribute[] {
  return attributes.filter(
    (a) =>
      ATTRIBUTE_FILTER_CATEGORIES.includes(a.category) && (inUse.has(a.code) || selected.includes(a.code)),
  );
}

/** Attribute code → its name in the page's language (English, else the code, when it has none). */
export function attributeNames(
  attributes: readonly { code: string; names: Record<string, string> }[],
  locale: string,
): Map<string, string> {
  return new Map(attributes.map((a) => [a.code, a.names[locale] ?? a.names.en ?? a.code]));
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
 * Where a film's page looks when no place was asked for: the default city when the film plays there
 * (or nowhere), else the city where it plays most (`cities` busiest first).
 */
export function filmDefaultCity<City extends CityName & { timeZone: string }>(
  cities: readonly City[],
): City | typeof DEFAULT_CITY {
  return cities.length === 0 || cities.some((c) => isDefaultCity(c)) ? DEFAULT_CITY : cities[0]!;
}

/** `?page=` as a page of `total` films: 1 for anything else, the last page when past it. */
export function filmsPage(requested: string | null, total: number, perPage = FILMS_PER_PAGE) {
  const pages = Math.max(1, Math.ceil(total / perPage));
  const asked = requested && /^\d{1,4}$/.test(requested) ? Number(requested) : 1;
  const page = Math.min(Math.max(asked, 1), pages);
  const from = (page - 1) * perPage;
  return { page, pages, from, to: Math.min(from + perPage, total), total };
}
