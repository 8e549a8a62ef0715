// The metadata provider's answers, cached (namespace "external-metadata"): in this process's memory, or in
// Redis shared by every instance when REDIS_URL is set. A Redis failure is a miss, never an error.
import type { Redis } from "ioredis";
import { LRUCache } from "lru-cache";

export type MetadataCache = {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
};

export const METADATA_CACHE_NAMESPACE = "external-metadata";

export function createMetadataCache(
  options: { redis?: Redis; keyPrefix?: string; maxBytes?: number } = {},
): MetadataCache {
  const prefix = `${options.keyPrefix ?? "reeltime"}:${METADATA_CACHE_NAMESPACE}:`;
  const { redis } = options;
  if (redis) {
    return {
      async get(key) {
        try {
          return (await redis.get(prefix + key)) ?? undefined;
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
    };
  }
  const entries = new LRUCache<string, string>({
    maxSize: options.maxBytes ?? 16 * 1024 * 1024,
    sizeCalculation: (value, key) => (value.length + key.length) * 2,
  });
  return {
    async get(key) {
      return entries.get(key);
    },
    async set(key, value, ttlSeconds) {
      entries.set(key, value, { ttl: ttlSeconds * 1000 });
    },
  };
}
