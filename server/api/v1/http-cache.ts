// How long each operation's answers may be reused: by the caller (Cache-Control) and by our response cache.
// Showtimes change with every import (seats, cancellations): a minute. The catalogue changes rarely: five
// minutes. The changes feed and usage are live: never stored.
import { createHash } from "node:crypto";
import type { ApiOperationId } from "../../../core/api/operations.ts";

export type CachePolicy = { cacheControl: string; ttlSeconds: number };

const LIVE: CachePolicy = { cacheControl: "no-store", ttlSeconds: 0 };
const SHOWTIMES: CachePolicy = { cacheControl: "private, max-age=60", ttlSeconds: 60 };
const CATALOGUE: CachePolicy = { cacheControl: "private, max-age=300", ttlSeconds: 300 };

/**
 * Every keyed answer depends on the key that asked (its countries, its client's widget settings): a
 * browser's cache must not give one key's answer to a request with another. Origin: CORS headers differ.
 */
export const KEYED_VARY = "Authorization, X-API-Key, Origin";

export const CACHE_POLICY: Record<ApiOperationId, CachePolicy> = {
  listCountries: CATALOGUE,
  listCities: CATALOGUE,
  listChains: CATALOGUE,
  listCinemas: CATALOGUE,
  getCinema: CATALOGUE,
  listMovies: CATALOGUE,
  getMovie: CATALOGUE,
  listShowtimes: SHOWTIMES,
  getShowtime: SHOWTIMES,
  listAttributes: CATALOGUE,
  listChanges: LIVE,
  getUsage: LIVE,
};

/**
 * Operations whose answer to a publishable key depends on its client's widget settings (hidden movies
 * left out, featured ones marked): cached per client for those keys.
 */
export const CURATED_OPERATIONS: ReadonlySet<ApiOperationId> = new Set(["listShowtimes", "getShowtime"]);

/** A strong ETag of a body: its SHA-256, quoted. */
export function etagOf(body: string): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`;
}

/** True when If-None-Match names this ETag (weak or strong) or is "*". */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""))
    .some((tag) => tag === etag || tag === "*");
}

/**
 * The response cache's key: the operation, the path (ids), the query's parameters in a canonical order
 * (so `?a=1&b=2` and `?b=2&a=1` share an entry) and the countries the caller may read. Readable, so the
 * studio's cached-data page can search and purge by prefix ("listMovies " is every movie list):
 * `listChains /api/v1/chains?limit=1 BE,NL`. Unambiguous: no space in the operation, the encoded query
 * or the country codes, and the encoded query holds no "?". An answer curated for one client's widget
 * ends with ` widget:<client id>`.
 */
export function responseCacheKey(
  operation: ApiOperationId,
  path: string,
  search: URLSearchParams,
  countries: readonly string[],
  curatedFor?: string,
): string {
  const pairs = [...search.entries()].sort(([a, x], [b, y]) =>
    a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0,
  );
  const key = `${operation} ${path}?${new URLSearchParams(pairs).toString()} ${countries.join(",")}`;
  return curatedFor ? `${key} widget:${curatedFor}` : key;
}
