// The API response cache in Redis, shared by every instance: one key per entry (its data version and
// store time leading the value) and one shared data version. A Redis failure is a miss (or a skipped
// store), reported to `onError`.
import type { Redis } from "ioredis";
import { createRedisCacheHits } from "./response-cache-redis-hits.ts";
import { createRedisCacheInspection } from "./response-cache-redis-inspection.ts";
import { readVersion, redisCacheKeys } from "./response-cache-redis-keys.ts";
import type { ApiResponseCache } from "./response-cache-types.ts";

export function createRedisCache(
  redis: Redis,
  prefix: string,
  onError: (error: unknown) => void,
  flushIntervalMs: number,
  now: () => Date,
): ApiResponseCache {
  const keys = redisCacheKeys(prefix);
  const { versionKey, entryKey, hitsKey } = keys;
  const counts = createRedisCacheHits(redis, keys, onError, flushIntervalMs, now);

  return {
    async lookup(key) {
      try {
        const [version, stored] = await redis.mget(versionKey, entryKey(key));
        const current = readVersion(version);
        const parsed = stored ? (JSON.parse(stored) as { v: number; b: string; e: string }) : undefined;
        if (!parsed || parsed.v !== current) {
          counts.miss();
          return { version: current, entry: undefined };
        }
        counts.hit(key);
        return { version: current, entry: { body: parsed.b, etag: parsed.e } };
      } catch (error) {
        onError(error);
        counts.miss();
        return { version: -1, entry: undefined };
      }
    },
    async store(key, at, entry, ttlSeconds) {
      if (at < 0 || ttlSeconds <= 0) return;
      try {
        // The store time leads the value, so the studio reads it with the first bytes; a new entry's hit
        // counter starts at 0 and lives as long as the entry. One round trip.
        const results = await redis
          .pipeline()
          .set(
            entryKey(key),
            JSON.stringify({ v: at, t: now().getTime(), b: entry.body, e: entry.etag }),
            "EX",
            ttlSeconds,
          )
          .set(hitsKey(key), "0", "EX", ttlSeconds)
          .exec();
        const failed = results?.find(([error]) => error);
        if (failed) onError(failed[0]);
      } catch (error) {
        onError(error);
      }
    },
    async dataVersion() {
      return readVersion(await redis.get(versionKey));
    },
    knownDataVersion() {
      return undefined; // shared by every instance: only Redis knows it
    },
    async bumpDataVersion() {
      return redis.incr(versionKey);
    },
    inspection: createRedisCacheInspection(redis, keys, counts, now),
    close: counts.flush,
  };
}
