// The studio's view of the Redis-backed API response cache (core/cache/): its live entries with their
// hits, the shared hit and miss counts, and purging entries.
import type { Redis } from "ioredis";
import type { CacheEntryInfo, CachePurgeTarget, InspectableCache } from "./inspectable-cache.ts";
import type { RedisCacheHits } from "./response-cache-redis-hits.ts";
import { ENTRY_HEAD, HEAD_BYTES, readVersion, type RedisCacheKeys } from "./response-cache-redis-keys.ts";
import { API_CACHE_NAMESPACE } from "./response-cache-types.ts";

/** SCAN's MATCH pattern for keys starting with `prefix` (its glob characters escaped). */
const startsWith = (prefix: string) => `${prefix.replace(/[*?[\]\\]/g, "\\$&")}*`;
const SCAN_BATCH = 500;

export function createRedisCacheInspection(
  redis: Redis,
  keys: RedisCacheKeys,
  counts: RedisCacheHits,
  now: () => Date,
): InspectableCache {
  const { versionKey, statsKey, entryPrefix, entryKey, hitsKey } = keys;

  async function* scan(pattern: string) {
    let cursor = "0";
    do {
      const [next, found] = await redis.scan(cursor, "MATCH", pattern, "COUNT", SCAN_BATCH);
      cursor = next;
      if (found.length > 0) yield found;
    } while (cursor !== "0");
  }

  /** The entries' heads (version, store time) by Redis key, for a batch of keys. */
  const heads = async (batch: readonly string[]) => {
    const pipeline = redis.pipeline();
    for (const key of batch) pipeline.getrange(key, 0, HEAD_BYTES);
    const results = (await pipeline.exec()) ?? [];
    return results.map(([, value]) => ENTRY_HEAD.exec(typeof value === "string" ? value : ""));
  };

  /** The Redis keys a purge removes, and which of them hold current (not stale) entries. */
  const matching = async (target: CachePurgeTarget) => {
    const current = readVersion(await redis.get(versionKey));
    const batches =
      target.kind === "key"
        ? [[entryKey(target.key)]]
        : scan(startsWith(entryKey(target.kind === "prefix" ? target.prefix : "")));
    const all: string[] = [];
    let live = 0;
    for await (const batch of batches) {
      const found = await heads(batch);
      batch.forEach((key, i) => {
        const head = found[i];
        if (!head) return;
        all.push(key);
        if (Number(head[1]) === current) live += 1;
      });
    }
    return { all, live };
  };

  return {
    namespace: API_CACHE_NAMESPACE,
    location: { kind: "redis" },
    async entries() {
      await counts.flush();
      const current = readVersion(await redis.get(versionKey));
      const list: CacheEntryInfo[] = [];
      for await (const batch of scan(startsWith(entryPrefix))) {
        const pipeline = redis.pipeline();
        for (const key of batch) {
          pipeline.getrange(key, 0, HEAD_BYTES);
          pipeline.strlen(key);
          pipeline.pttl(key);
          pipeline.get(hitsKey(key.slice(entryPrefix.length)));
        }
        const results = (await pipeline.exec()) ?? [];
        batch.forEach((key, i) => {
          const [head, size, ttl, hits] = results.slice(i * 4, i * 4 + 4).map(([, value]) => value);
          const parsed = ENTRY_HEAD.exec(typeof head === "string" ? head : "");
          // Stale entries (an older data version) are misses already; they expire on their own.
          if (!parsed || Number(parsed[1]) !== current || typeof ttl !== "number" || ttl === -2) return;
          list.push({
            key: key.slice(entryPrefix.length),
            size: Number(size),
            storedAt: parsed[2] ? new Date(Number(parsed[2])) : null,
            ttlSeconds: ttl < 0 ? null : Math.ceil(ttl / 1000),
            hits: Number(hits ?? 0),
          });
        });
      }
      return list;
    },
    async counters() {
      await counts.flush();
      const stats = await redis.hgetall(statsKey);
      return {
        hits: Number(stats.hits ?? 0),
        misses: Number(stats.misses ?? 0),
        since: stats.since ? new Date(Number(stats.since)) : now(),
      };
    },
    async count(target) {
      return (await matching(target)).live;
    },
    async purge(target) {
      const { all, live } = await matching(target);
      for (let i = 0; i < all.length; i += SCAN_BATCH) {
        const batch = all.slice(i, i + SCAN_BATCH);
        await redis.unlink(...batch, ...batch.map((key) => hitsKey(key.slice(entryPrefix.length))));
      }
      return live;
    },
  };
}
