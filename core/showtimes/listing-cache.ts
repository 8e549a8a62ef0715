// The public pages' one listing cache (home, film and cinema pages), per database (tests run several):
// the other variants of a page (language, colour mode, more films) and its data requests run a query
// once a minute. The data version in the listing's keys drops them when showtimes change (decision 014).
import type { Database } from "../../db/client.ts";
import { memoizeAsync } from "../shared/memoize.ts";
import { listAttributes } from "../catalog/attributes/list-all-attributes.ts";
import { findCity, listPopularCities } from "../catalog/cinemas/places.ts";
import type { AppServices } from "../services.ts";
import {
  findAttributeCodesInUse,
  findListing,
  findShowtimeCountsByFilm,
  type ListingQuery,
  type Place,
} from "./find-listing.ts";
import { findListingDays, findMovieCities, type ListingDaysQuery } from "./find-listing-days.ts";

export type ListingCacheServices = Pick<AppServices, "db" | "apiCache">;

const versioned = (_db: Database, query: object, version: number) => `${version} ${JSON.stringify(query)}`;
const byPlace = (_db: Database, place: Place) => JSON.stringify(place);

function createCaches() {
  return {
    // Rarely changing lists: a minute is fresh enough.
    attributes: memoizeAsync((db: Database) => listAttributes(db), { ttlMs: 60_000, key: () => "all" }),
    cities: memoizeAsync((db: Database) => listPopularCities(db), { ttlMs: 60_000, key: () => "popular" }),
    listing: memoizeAsync((db: Database, query: ListingQuery, _version: number) => findListing(db, query), {
      ttlMs: 60_000,
      max: 2000,
      key: versioned,
    }),
    days: memoizeAsync(
      (db: Database, query: ListingDaysQuery, _version: number) => findListingDays(db, query),
      { ttlMs: 60_000, max: 2000, key: versioned },
    ),
    movieCities: memoizeAsync(
      (db: Database, query: { movieId: string; from: Date; to: Date }, _version: number) =>
        findMovieCities(db, query),
      { ttlMs: 60_000, max: 2000, key: versioned },
    ),
    // The filters in use and the coming week's shows per film: a few minutes old is fine for either.
    codesInUse: memoizeAsync(
      (db: Database, place: Place, from: Date, to: Date) => findAttributeCodesInUse(db, place, from, to),
      { ttlMs: 5 * 60_000, max: 2000, key: byPlace },
    ),
    popularity: memoizeAsync(
      (db: Database, place: Place, from: Date, to: Date) => findShowtimeCountsByFilm(db, place, from, to),
      { ttlMs: 5 * 60_000, max: 2000, key: byPlace },
    ),
  };
}

const perDatabase = new WeakMap<object, ReturnType<typeof createCaches>>();

function cachesOf(db: Database) {
  let caches = perDatabase.get(db);
  if (!caches) {
    caches = createCaches();
    perDatabase.set(db, caches);
  }
  return caches;
}

/**
 * One request's reads for the public listing, through the cache (a city typed is looked up as typed, not
 * cached). The data version is read once, when a versioned query first needs it.
 */
export function listingLookups(services: ListingCacheServices) {
  const { db, apiCache } = services;
  const caches = cachesOf(db);
  let version: Promise<number> | undefined;
  const dataVersion = () => (version ??= apiCache.dataVersion());
  return {
    attributes: () => caches.attributes(db),
    popularCities: () => caches.cities(db),
    findCity: (text: string) => findCity(db, text),
    listing: async (query: ListingQuery) => caches.listing(db, query, await dataVersion()),
    listingDays: async (query: ListingDaysQuery) => caches.days(db, query, await dataVersion()),
    movieCities: async (query: { movieId: string; from: Date; to: Date }) =>
      caches.movieCities(db, query, await dataVersion()),
    attributeCodesInUse: (place: Place, from: Date, to: Date) => caches.codesInUse(db, place, from, to),
    filmPopularity: (place: Place, from: Date, to: Date) => caches.popularity(db, place, from, to),
  };
}

export type ListingLookups = ReturnType<typeof listingLookups>;
