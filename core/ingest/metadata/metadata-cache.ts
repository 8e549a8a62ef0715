// The metadata provider's answers, cached (namespace "external-metadata"): in this process's memory, or in
// Redis shared by every instance when REDIS_URL is set. A Redis failure is a miss, never an error. The
// cache registers with the studio's cached-data page (InspectableCache): hits and misses are counted in
// this process (lookups are rare: a few per new movie), entries listed from the store itself.
import type { Redis } from "ioredis";
import { LRUCache } from "lru-cache";
import {
  type CacheCounters,
  type CacheEntryInfo,
  type CachePurgeTarget,
  INSTANCE_NAME,
  type InspectableCache,
  matchesPurge,
} from "../../cache/inspectable-cache.ts";

export type MetadataCache = {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  inspection: InspectableCache;
};

export const METADATA_CACHE_NAMESPACE = "external-metadata" as const;

type Counters = { hits: number; misses: number; since: Date };

function createRedisMetadataCache(redis: Redis, prefix: string, counters: Counters): MetadataCache {
  const glob = (text: string) => `${prefix}${text.replace(/[*?[\]\\]/g, (c) => `\\${c}`)}*`;
  async function keysFor(target: CachePurgeTarget): Promise<string[]> {
    if (target.kind === "key") return (await redis.exists(prefix + target.key)) ? [prefix + target.key] : [];
    const found: string[] = [];
    let cursor = "0";
    do {
      const [next, keys] = await redis.scan(
        cursor,
        "MATCH",
        glob(target.kind === "prefix" ? target.prefix : ""),
        "COUNT",
        500,
      );
      found.push(...keys);
      cursor = next;
    } while (cursor !== "0");
    return found;
  }
  return {
    async get(key) {
      try {
        const value = (await redis.get(prefix + key)) ?? undefined;
        if (value === undefined) counters.misses += 1;
        else counters.hits += 1;
        return value;
      } catch {
        return undefined;
      }
    },
    async set(key, value, ttlSeconds) {
      try {
        await redis.set(prefix + key, value, "EX", ttlSeconds);
      } catch {
        // a cache that cannot store is only slower
      }
    },
    inspection: {
      namespace: METADATA_CACHE_NAMESPACE,
      location: { kind: "redis" },
      async entries(): Promise<CacheEntryInfo[]> {
        const keys = await keysFor({ kind: "all" });
        if (keys.length === 0) return [];
        const pipeline = redis.pipeline();
        for (const key of keys) pipeline.strlen(key).ttl(key);
        const results = (await pipeline.exec()) ?? [];
        return keys.map((key, index) => {
          const size = Number(results[index * 2]?.[1] ?? 0);
          const ttl = Number(results[index * 2 + 1]?.[1] ?? -1);
          return {
            key: key.slice(prefix.length),
            size,
            storedAt: null,
            ttlSeconds: ttl >= 0 ? ttl : null,
            hits: 0,
          };
        });
      },
      async counters(): Promise<CacheCounters> {
        return { ...counters };
      },
      async count(target) {
        return (await keysFor(target)).length;
      },
      async purge(target) {
        const keys = await keysFor(target);
        return keys.length > 0 ? redis.del(...keys) : 0;
      },
    },
  };
}

function createMemoryMetadataCache(maxBytes: number, counters: Counters): MetadataCache {
  type Entry = { value: string; storedAt: Date; hits: number };
  const entries = new LRUCache<string, Entry>({
    maxSize: maxBytes,
    sizeCalculation: (entry, key) => (entry.value.length + key.length) * 2,
  });
  const live = (target: CachePurgeTarget) => [...entries.keys()].filter((key) => matchesPurge(key, target));
  return {
    async get(key) {
      const entry = entries.get(key);
      if (!entry) {
        counters.misses += 1;
        return undefined;
      }
      counters.hits += 1;
      entry.hits += 1;
      return entry.value;
    },
    async set(key, value, ttlSeconds) {
      entries.set(key, { value, storedAt: new Date(), hits: 0 }, { ttl: ttlSeconds * 1000 });
    },
    inspection: {
      namespace: METADATA_CACHE_NAMESPACE,
      location: { kind: "memory", instance: INSTANCE_NAME },
      async entries() {
        return [...entries.entries()].map(([key, entry]) => ({
          key,
          size: (entry.value.length + key.length) * 2,
          storedAt: entry.storedAt,
          ttlSeconds: Math.max(0, Math.round(entries.getRemainingTTL(key) / 1000)),
          hits: entry.hits,
        }));
      },
      async counters() {
        return { ...counters };
      },
      async count(target) {
        return live(target).length;
      },
      async purge(target) {
        const keys = live(target);
        for (const key of keys) entries.delete(key);
        return keys.length;
      },
    },
  };
}

export function createMetadataCache(
  options: { redis?: Redis; keyPrefix?: string; maxBytes?: number } = {},
): MetadataCache {
  const counters: Counters = { hits: 0, misses: 0, since: new Date() };
  const prefix = `${options.keyPrefix ?? "reeltime"}:${METADATA_CACHE_NAMESPACE}:`;
  return options.redis
    ? createRedisMetadataCache(options.redis, prefix, counters)
    : createMemoryMetadataCache(options.maxBytes ?? 16 * 1024 * 1024, counters);
}
