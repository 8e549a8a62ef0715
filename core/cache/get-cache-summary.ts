// The cached-data page's cards: per registered cache, where its entries live, how many and how big, and
// its hits, misses and hit rate.
import type { Actor } from "../access/actor.ts";
import { requireSuperAdmin } from "../access/permissions.ts";
import type { CacheServices } from "./cache-services.ts";

export async function getCacheSummary(services: CacheServices, actor: Actor) {
  requireSuperAdmin(actor);
  return Promise.all(
    services.caches.map(async (cache) => {
      const [entries, counters] = await Promise.all([cache.entries(), cache.counters()]);
      const lookups = counters.hits + counters.misses;
      return {
        namespace: cache.namespace,
        location: cache.location,
        entries: entries.length,
        bytes: entries.reduce((sum, entry) => sum + entry.size, 0),
        hits: counters.hits,
        misses: counters.misses,
        /** 0–1; null before the first lookup */
        hitRate: lookups > 0 ? counters.hits / lookups : null,
        since: counters.since,
      };
    }),
  );
}
