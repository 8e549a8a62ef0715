// Hits and misses of the Redis-backed API response cache, counted in this process and added to Redis
// every few seconds (and on flush): no extra command per lookup.
import type { Redis } from "ioredis";
import type { RedisCacheKeys } from "./response-cache-redis-keys.ts";

/** A hit counter whose entry expired before the flush reached it goes soon after. */
const ORPHAN_HITS_TTL_SECONDS = 600;

export type RedisCacheHits = ReturnType<typeof createRedisCacheHits>;

export function createRedisCacheHits(
  redis: Redis,
  { hitsKey, statsKey }: RedisCacheKeys,
  onError: (error: unknown) => void,
  flushIntervalMs: number,
  now: () => Date,
) {
  let pendingHits = new Map<string, number>();
  let pendingMisses = 0;
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    timer ??= setTimeout(() => void flush(), flushIntervalMs).unref();
  };
  const flush = async () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (pendingHits.size === 0 && pendingMisses === 0) return;
    const hits = pendingHits;
    const misses = pendingMisses;
    pendingHits = new Map();
    pendingMisses = 0;
    const pipeline = redis.pipeline();
    let total = 0;
    for (const [key, n] of hits) {
      total += n;
      pipeline.incrby(hitsKey(key), n);
      // The store gave the counter its entry's lifetime; a counter created here (the entry is gone) expires.
      pipeline.expire(hitsKey(key), ORPHAN_HITS_TTL_SECONDS, "NX");
    }
    pipeline.hincrby(statsKey, "hits", total);
    pipeline.hincrby(statsKey, "misses", misses);
    pipeline.hsetnx(statsKey, "since", String(now().getTime()));
    try {
      const results = (await pipeline.exec()) ?? [];
      const failed = results.find(([error]) => error);
      if (failed) onError(failed[0]);
    } catch (error) {
      onError(error); // counts only: lost, not retried
    }
  };
  return {
    hit(key: string) {
      pendingHits.set(key, (pendingHits.get(key) ?? 0) + 1);
      schedule();
    },
    miss() {
      pendingMisses += 1;
      schedule();
    },
    flush,
  };
}
