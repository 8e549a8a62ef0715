// The API response cache in this process's memory, bounded by bytes (LRU), with its own data version.
import { LRUCache } from "lru-cache";
import {
  INSTANCE_NAME,
  matchesPurge,
  type CacheEntryInfo,
  type CachePurgeTarget,
} from "./inspectable-cache.ts";
import {
  API_CACHE_NAMESPACE,
  type ApiResponseCache,
  type CachedApiResponse,
} from "./response-cache-types.ts";

type MemoryEntry = {
  version: number;
  entry: CachedApiResponse;
  storedAt: number;
  size: number;
  hits: number;
};

export function createMemoryCache(maxBytes: number, now: () => Date): ApiResponseCache {
  let version = 0;
  let hits = 0;
  let misses = 0;
  const since = now();
  const entries = new LRUCache<string, MemoryEntry>({
    maxSize: maxBytes,
    sizeCalculation: (value) => value.size,
  });
  const live = (target: CachePurgeTarget) => {
    entries.purgeStale();
    if (target.kind === "key") return entries.has(target.key) ? [target.key] : [];
    return [...entries.keys()].filter((key) => matchesPurge(key, target));
  };
  return {
    async lookup(key) {
      const found = entries.get(key);
      if (found && found.version === version) {
        hits += 1;
        found.hits += 1;
        return { version, entry: found.entry };
      }
      misses += 1;
      return { version, entry: undefined };
    },
    async store(key, at, entry, ttlSeconds) {
      if (at !== version || ttlSeconds <= 0) return;
      // UTF-16 in memory: two bytes a character, plus the key.
      const size = (entry.body.length + entry.etag.length + key.length) * 2 + 64;
      entries.set(
        key,
        { version: at, entry, storedAt: now().getTime(), size, hits: 0 },
        { ttl: ttlSeconds * 1000 },
      );
    },
    async dataVersion() {
      return version;
    },
    knownDataVersion() {
      return version;
    },
    async bumpDataVersion() {
      version += 1;
      entries.clear();
      return version;
    },
    inspection: {
      namespace: API_CACHE_NAMESPACE,
      location: { kind: "memory", instance: INSTANCE_NAME },
      async entries() {
        entries.purgeStale();
        const list: CacheEntryInfo[] = [];
        for (const [key, value] of entries.entries()) {
          const remaining = entries.getRemainingTTL(key);
          list.push({
            key,
            size: value.size,
            storedAt: new Date(value.storedAt),
            ttlSeconds: Number.isFinite(remaining) ? Math.max(0, Math.ceil(remaining / 1000)) : null,
            hits: value.hits,
          });
        }
        return list;
      },
      async counters() {
        return { hits, misses, since };
      },
      async count(target) {
        return live(target).length;
      },
      async purge(target) {
        const keys = live(target);
        if (target.kind === "all") entries.clear();
        else for (const key of keys) entries.delete(key);
        return keys.length;
      },
    },
    async close() {},
  };
}
