// The Redis-backed API response cache failing over to this instance's memory while Redis is down.
import type { RedisWatch } from "./redis-watch.ts";
import type { ApiResponseCache } from "./response-cache-types.ts";

/** While Redis is away, this instance's answers are at most this old (its version changes this often). */
export const DEGRADED_VERSION_WINDOW_MS = 10_000;

/**
 * The Redis cache while Redis is up, this instance's memory while it is not (issue 23): no request waits
 * for an absent Redis. Without the shared version an import elsewhere cannot reach this instance, so the
 * memory's version turns every DEGRADED_VERSION_WINDOW_MS (negative, never equal to a shared one); an
 * import here while Redis was away bumps the shared version once Redis returns.
 */
export function createFailoverCache(
  shared: ApiResponseCache,
  memory: ApiResponseCache,
  watch: RedisWatch,
  now: () => Date,
) {
  const degradedVersion = () => -1 - Math.floor(now().getTime() / DEGRADED_VERSION_WINDOW_MS);
  let memoryVersion = 0;
  const memoryAtCurrentVersion = async () => {
    const version = degradedVersion();
    if (version !== memoryVersion) {
      memoryVersion = version;
      await memory.bumpDataVersion();
    }
    return version;
  };
  // An import while Redis was away could not make the shared entries stale: it does so once Redis is back.
  let bumpMissed = false;
  watch.onRecovered(() => {
    if (!bumpMissed) return;
    bumpMissed = false;
    void shared.bumpDataVersion().catch(() => {
      bumpMissed = true;
    });
  });
  const cache: ApiResponseCache = {
    async lookup(key) {
      if (watch.ready) return shared.lookup(key);
      const version = await memoryAtCurrentVersion();
      return { version, entry: (await memory.lookup(key)).entry };
    },
    async store(key, version, entry, ttlSeconds) {
      if (version >= 0) return shared.store(key, version, entry, ttlSeconds);
      if (version === memoryVersion) {
        await memory.store(key, await memory.dataVersion(), entry, ttlSeconds);
      }
    },
    async dataVersion() {
      if (watch.ready) {
        try {
          return await shared.dataVersion();
        } catch {
          // went away just now: fall through to memory
        }
      }
      return memoryAtCurrentVersion();
    },
    knownDataVersion() {
      return undefined;
    },
    async bumpDataVersion() {
      await memory.bumpDataVersion();
      try {
        return await shared.bumpDataVersion();
      } catch (error) {
        bumpMissed = true;
        throw error;
      }
    },
    inspection: shared.inspection,
    close: shared.close,
  };
  return cache;
}
