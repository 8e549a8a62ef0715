import { LRUCache } from "lru-cache";

/**
 * Caches an async lookup per key for a short time, sharing one in-flight promise per key, so a burst of
 * page views runs the query once. For data that changes rarely (city list, attribute list).
 */
export function memoizeAsync<Args extends unknown[], Value extends object>(
  compute: (...args: Args) => Promise<Value>,
  options: { ttlMs: number; max?: number; key: (...args: Args) => string },
) {
  const cache = new LRUCache<string, Promise<Value>>({ max: options.max ?? 500, ttl: options.ttlMs });
  return (...args: Args): Promise<Value> => {
    const key = options.key(...args);
    const cached = cache.get(key);
    if (cached) return cached;
    const pending = compute(...args).catch((error: unknown) => {
      cache.delete(key); // never keep a failure
      throw error;
    });
    cache.set(key, pending);
    return pending;
  };
}
