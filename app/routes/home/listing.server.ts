// Server side of "/": read the query, resolve the place, load the listing (the rules are
// core/showtimes/home-listing.ts and public-listing.ts) and shape it for the page (listing-view.server.ts).
import type { CityLookup } from "../../../core/catalog/cinemas/places.ts";
import type { Locale } from "../../../core/i18n/locales.ts";
import type { AppServices } from "../../../core/services.ts";
import type { Place } from "../../../core/showtimes/find-listing.ts";
import { findHomeFilters, findHomeListing } from "../../../core/showtimes/home-listing.ts";
import { type ListingLookups, listingLookups } from "../../../core/showtimes/listing-cache.ts";
import {
  DEFAULT_CITY,
  isDefaultCity,
  nearPlace,
  parseNear,
  selectedAttributes,
} from "../../../core/showtimes/public-listing.ts";
import { homeListingView } from "./listing-view.server.ts";

/** A city's listing as search engines should know it: no day, no filters; the default city is "/". */
export function cityPagePath(city: { city: string; countryCode: string }): string {
  return isDefaultCity(city) ? "/" : `/?${new URLSearchParams({ city: city.city }).toString()}`;
}

/** Where "/" lists: near the visitor (?near=), the city typed (?city=), or the default city. */
export type HomePlace = {
  near: { latitude: number; longitude: number } | undefined;
  /** the city field's text as typed */
  cityText: string;
  city: { city: string; countryCode: string; timeZone: string };
  cityNotFound: boolean;
  lookup: CityLookup | undefined;
  /** what is listed: null for a city that was not found */
  place: Place | null;
  timeZone: string;
};

/** The place asked for, with the lists the page needs beside it (attributes, popular cities). */
async function resolvePlace(lookups: ListingLookups, url: URL) {
  const cityText = url.searchParams.get("city")?.trim() ?? "";
  const near = parseNear(url.searchParams.get("near"));
  const [attributes, cities, lookup] = await Promise.all([
    lookups.attributes(),
    lookups.popularCities(),
    !near && cityText ? lookups.findCity(cityText) : Promise.resolve(undefined),
  ]);
  const cityNotFound = Boolean(!near && cityText && !lookup?.city);
  const city = lookup?.city ?? DEFAULT_CITY;
  const where: HomePlace = {
    near,
    cityText,
    city,
    cityNotFound,
    lookup,
    place: cityNotFound
      ? null
      : near
        ? nearPlace(near)
        : { kind: "city", city: city.city, countryCode: city.countryCode },
    timeZone: near ? DEFAULT_CITY.timeZone : city.timeZone,
  };
  return { where, attributes, cities };
}

export async function loadHomeListing(services: AppServices, url: URL, locale: Locale) {
  const now = services.now();
  const lookups = listingLookups(services);
  const { where, attributes, cities } = await resolvePlace(lookups, url);
  const selected = selectedAttributes(url.searchParams.getAll("attr"), attributes);
  const filterable = await findHomeFilters(lookups, { place: where.place, now, attributes, selected });
  const listing = await findHomeListing(lookups, {
    place: where.place,
    timeZone: where.timeZone,
    now,
    locale,
    date: url.searchParams.get("date"),
    when: url.searchParams.get("when"),
    sort: url.searchParams.get("sort"),
    attributes: selected,
  });
  return homeListingView({
    messages: services.i18n.messagesFor(locale),
    locale,
    now,
    page: url.searchParams.get("page"),
    films: url.searchParams.get("films"),
    where,
    // Near-me listings and unknown cities are not pages of their own: they point at the home page.
    canonicalPath: where.near || where.cityNotFound ? "/" : cityPagePath(where.city),
    cities,
    attributes,
    filterable,
    selected,
    listing,
  });
}
