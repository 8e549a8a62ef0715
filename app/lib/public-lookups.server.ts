// The film and cinema pages' queries, shared between renders for a minute: the other variants of a page
// (language, colour mode) and its data requests run them once. The data version in each key drops them
// when showtimes change (as the home page's listing, docs/decisions/014).
import { memoizeAsync } from "../../core/cache/memoize.ts";
import { toLanguageTag, type Locale } from "../../core/i18n/locales.ts";
import { formatMessageRef, messageRef } from "../../core/i18n/message-ref.ts";
import type { AppServices } from "../../core/services.ts";
import { findListing, type ListingQuery } from "../../core/showtimes/find-listing.ts";
import {
  findListingDays,
  findMovieCities,
  type ListingDaysQuery,
} from "../../core/showtimes/find-listing-days.ts";

type Db = AppServices["db"];

const keyOf = (_db: Db, query: object, version: number) => `${version} ${JSON.stringify(query)}`;

function createLookups() {
  return {
    listing: memoizeAsync((db: Db, query: ListingQuery, _version: number) => findListing(db, query), {
      ttlMs: 60_000,
      max: 2000,
      key: keyOf,
    }),
    days: memoizeAsync((db: Db, query: ListingDaysQuery, _version: number) => findListingDays(db, query), {
      ttlMs: 60_000,
      max: 2000,
      key: keyOf,
    }),
    movieCities: memoizeAsync(
      (db: Db, query: { movieId: string; from: Date; to: Date }, _version: number) =>
        findMovieCities(db, query),
      { ttlMs: 60_000, max: 2000, key: keyOf },
    ),
  };
}

const perDatabase = new WeakMap<object, ReturnType<typeof createLookups>>();

export function pageLookups(db: Db) {
  let lookups = perDatabase.get(db);
  if (!lookups) {
    lookups = createLookups();
    perDatabase.set(db, lookups);
  }
  return lookups;
}

/** Today's earlier shows drop off the pages a quarter of an hour after they start (to the minute, so renders share a query). */
export function notBeforeOf(now: Date): Date {
  return new Date(Math.floor((now.getTime() - 15 * 60_000) / 60_000) * 60_000);
}

/**
 * The showtimes a film or cinema page renders before its "show more" link (whole cinemas or films, at
 * least one): half of "/" (24), since these pages also carry the film's or cinema's own details;
 * about 2.4 KB of HTML each, chip, ticket details and JSON-LD together.
 */
export const PAGE_FIRST_SCREEN_SHOWTIMES = 12;

/**
 * What a film or cinema page's loader starts from: the clock, the language, its messages, the data version
 * that keys the shared lookups, and the moment before which today's shows have dropped off.
 */
export async function publicPageContext(services: AppServices, locale: Locale) {
  const { db } = services;
  const now = services.now();
  const messages = services.i18n.messagesFor(locale);
  const format = (key: Parameters<typeof messageRef>[0], values?: Record<string, string | number>) =>
    formatMessageRef(messages, messageRef(key, values), locale);
  return {
    db,
    now,
    lang: toLanguageTag(locale),
    messages,
    format,
    version: await services.apiCache.dataVersion(),
    lookups: pageLookups(db),
    notBefore: notBeforeOf(now),
  };
}
