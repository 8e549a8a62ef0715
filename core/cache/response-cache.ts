// The API's response cache: identical queries (operation + canonical parameters + the caller's country set,
// which includes the locale parameter) answered from memory (bounded by bytes) or, with REDIS_URL, from
// Redis shared by every instance. Every entry carries the data version it was computed at; bumping the
// version (invalidateApiData) makes every older entry a miss at once, on every instance.
//
// A lookup returns the current version with the entry, in one round trip; the caller computes on a miss
// and stores with the version it read *before* computing, so an answer computed from data that changed
// meanwhile is stored as already stale.
//
// For the studio (core/cache/) it lists its live entries with their hits and counts hits and misses: in
// memory as it goes, with Redis in this process first and added to Redis every few seconds, so a lookup
// stays one round trip.
//
// The pieces: response-cache-memory.ts, response-cache-redis.ts (with its -keys, -hits and -inspection
// files) and response-cache-failover.ts (memory while Redis is down).
import type { Redis } from "ioredis";
import type { RedisWatch } from "./redis-watch.ts";
import { createFailoverCache } from "./response-cache-failover.ts";
import { createMemoryCache } from "./response-cache-memory.ts";
import { createRedisCache } from "./response-cache-redis.ts";
import type { ApiResponseCache } from "./response-cache-types.ts";

export type { ApiCacheLookup, ApiResponseCache, CachedApiResponse } from "./response-cache-types.ts";
export { DEGRADED_VERSION_WINDOW_MS } from "./response-cache-failover.ts";

export type ApiResponseCacheOptions = {
  /** shared entries and version; memory when absent */
  redis?: Redis;
  keyPrefix?: string;
  /** memory only: the most bytes of bodies kept (default 64 MiB) */
  maxBytes?: number;
  /** with Redis: whether it is up now, to use memory instead while it is not */
  watch?: RedisWatch;
  /** a Redis failure is a miss (and a skipped store), reported here */
  onError?: (error: unknown) => void;
  /** Redis only: how often this process adds its hit and miss counts to the shared ones (default 5 s) */
  flushIntervalMs?: number;
  now?: () => Date;
};

export const DEFAULT_API_CACHE_BYTES = 64 * 1024 * 1024;

export function createApiResponseCache(options: ApiResponseCacheOptions = {}): ApiResponseCache {
  const now = options.now ?? (() => new Date());
  const memory = () => createMemoryCache(options.maxBytes ?? DEFAULT_API_CACHE_BYTES, now);
  if (options.redis) {
    const shared = createRedisCache(
      options.redis,
      options.keyPrefix ?? "reeltime:api-cache",
      options.onError ?? (() => {}),
      options.flushIntervalMs ?? 5_000,
      now,
    );
    return options.watch ? createFailoverCache(shared, memory(), options.watch, now) : shared;
  }
  return memory();
}
