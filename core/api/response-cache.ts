// The API's response cache: identical queries (operation + canonical parameters + the caller's country set,
// which includes the locale parameter) answered from memory (bounded by bytes) or, with REDIS_URL, from
// Redis shared by every instance. Every entry carries the data version it was computed at; bumping the
// version (invalidateApiData) makes every older entry a miss at once, on every instance.
//
// A lookup returns the current version with the entry, in one round trip; the caller computes on a miss
// and stores with the version it read *before* computing, so an answer computed from data that changed
// meanwhile is stored as already stale.
import type { Redis } from "ioredis";
import { LRUCache } from "lru-cache";

export type CachedApiResponse = {
  body: string;
  /** the strong ETag of the body, quoted */
  etag: string;
};

export type ApiCacheLookup = { version: number; entry: CachedApiResponse | undefined };

export type ApiResponseCache = {
  lookup(key: string): Promise<ApiCacheLookup>;
  store(key: string, version: number, entry: CachedApiResponse, ttlSeconds: number): Promise<void>;
  dataVersion(): Promise<number>;
  /** makes every cached answer stale; returns the new version */
  bumpDataVersion(): Promise<number>;
};

export type ApiResponseCacheOptions = {
  /** shared entries and version; memory when absent */
  redis?: Redis;
  keyPrefix?: string;
  /** memory only: the most bytes of bodies kept (default 64 MiB) */
  maxBytes?: number;
  /** a Redis failure is a miss (and a skipped store), reported here */
  onError?: (error: unknown) => void;
};

export const DEFAULT_API_CACHE_BYTES = 64 * 1024 * 1024;

type MemoryEntry = { version: number; entry: CachedApiResponse };

function createMemoryCache(maxBytes: number): ApiResponseCache {
  let version = 0;
  const entries = new LRUCache<string, MemoryEntry>({
    maxSize: maxBytes,
    // UTF-16 in memory: two bytes a character, plus the key.
    sizeCalculation: (value, key) =>
      (value.entry.body.length + value.entry.etag.length + key.length) * 2 + 64,
  });
  return {
    async lookup(key) {
      const found = entries.get(key);
      return { version, entry: found && found.version === version ? found.entry : undefined };
    },
    async store(key, at, entry, ttlSeconds) {
      if (at !== version || ttlSeconds <= 0) return;
      entries.set(key, { version: at, entry }, { ttl: ttlSeconds * 1000 });
    },
    async dataVersion() {
      return version;
    },
    async bumpDataVersion() {
      version += 1;
      entries.clear();
      return version;
    },
  };
}

function createRedisCache(redis: Redis, prefix: string, onError: (error: unknown) => void): ApiResponseCache {
  const versionKey = `${prefix}:data-version`;
  const entryKey = (key: string) => `${prefix}:response:${key}`;
  const readVersion = (value: string | null | undefined) => (value ? Number(value) : 0);
  return {
    async lookup(key) {
      try {
        const [version, stored] = await redis.mget(versionKey, entryKey(key));
        const current = readVersion(version);
        if (!stored) return { version: current, entry: undefined };
        const parsed = JSON.parse(stored) as { v: number; b: string; e: string };
        return {
          version: current,
          entry: parsed.v === current ? { body: parsed.b, etag: parsed.e } : undefined,
        };
      } catch (error) {
        onError(error);
        return { version: -1, entry: undefined };
      }
    },
    async store(key, at, entry, ttlSeconds) {
      if (at < 0 || ttlSeconds <= 0) return;
      try {
        await redis.set(
          entryKey(key),
          JSON.stringify({ v: at, b: entry.body, e: entry.etag }),
          "EX",
          ttlSeconds,
        );
      } catch (error) {
        onError(error);
      }
    },
    async dataVersion() {
      return readVersion(await redis.get(versionKey));
    },
    async bumpDataVersion() {
      return redis.incr(versionKey);
    },
  };
}

export function createApiResponseCache(options: ApiResponseCacheOptions = {}): ApiResponseCache {
  if (options.redis) {
    return createRedisCache(
      options.redis,
      options.keyPrefix ?? "reeltime:api-cache",
      options.onError ?? (() => {}),
    );
  }
  return createMemoryCache(options.maxBytes ?? DEFAULT_API_CACHE_BYTES);
}
