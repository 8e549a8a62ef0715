// The API's response cache: identical queries (operation + canonical parameters + the caller's country set,
// which includes the locale parameter) answered from memory (bounded by bytes) or, with REDIS_URL, from
// Redis shared by every instance. Every entry carries the data version it was computed at; bumping the
// version (invalidateApiData) makes every older entry a miss at once, on every instance.
//
// A lookup returns the current version with the entry, in one round trip; the caller computes on a miss
// and stores with the version it read *before* computing, so an answer computed from data that changed
// meanwhile is stored as already stale.
//
// For the studio (core/cache/) it lists its live entries with their hits and counts hits and misses: in
// memory as it goes, with Redis in this process first and added to Redis every few seconds, so a lookup
// stays one round trip.
import type { Redis } from "ioredis";
import { LRUCache } from "lru-cache";
import type { RedisWatch } from "../cache/redis-watch.ts";
import {
  INSTANCE_NAME,
  matchesPurge,
  type CacheEntryInfo,
  type CachePurgeTarget,
  type InspectableCache,
} from "../cache/inspectable-cache.ts";

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
  /** the data version when this process holds it (memory), else undefined (Redis: ask dataVersion) */
  knownDataVersion(): number | undefined;
  /** makes every cached answer stale; returns the new version */
  bumpDataVersion(): Promise<number>;
  /** its entries, hits and misses for the studio (namespace api-response), and purging them */
  inspection: InspectableCache;
  /** writes the hit counters not yet flushed (Redis); call at shutdown */
  close(): Promise<void>;
};

export type ApiResponseCacheOptions = {
  /** shared entries and version; memory when absent */
  redis?: Redis;
  keyPrefix?: string;
  /** memory only: the most bytes of bodies kept (default 64 MiB) */
  maxBytes?: number;
  /** with Redis: whether it is up now, to use memory instead while it is not */
  watch?: RedisWatch;
  /** a Redis failure is a miss (and a skipped store), reported here */
  onError?: (error: unknown) => void;
  /** Redis only: how often this process adds its hit and miss counts to the shared ones (default 5 s) */
  flushIntervalMs?: number;
  now?: () => Date;
};

export const DEFAULT_API_CACHE_BYTES = 64 * 1024 * 1024;
const NAMESPACE = "api-response";

type MemoryEntry = {
  version: number;
  entry: CachedApiResponse;
  storedAt: number;
  size: number;
  hits: number;
};

function createMemoryCache(maxBytes: number, now: () => Date): ApiResponseCache {
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
      namespace: NAMESPACE,
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

/** SCAN's MATCH pattern for keys starting with `prefix` (its glob characters escaped). */
const startsWith = (prefix: string) => `${prefix.replace(/[*?[\]\\]/g, "\\$&")}*`;
/** An entry's version and store time, from its first bytes (`{"v":3,"t":1732450000000,"b":…`). */
const ENTRY_HEAD = /^\{"v":(-?\d+)(?:,"t":(\d+))?/;
const HEAD_BYTES = 48;
/** A hit counter whose entry expired before the flush reached it goes soon after. */
const ORPHAN_HITS_TTL_SECONDS = 600;
const SCAN_BATCH = 500;

function createRedisCache(
  redis: Redis,
  prefix: string,
  onError: (error: unknown) => void,
  flushIntervalMs: number,
  now: () => Date,
): ApiResponseCache {
  const versionKey = `${prefix}:data-version`;
  const statsKey = `${prefix}:stats`;
  const entryPrefix = `${prefix}:response:`;
  const entryKey = (key: string) => `${entryPrefix}${key}`;
  const hitsKey = (key: string) => `${prefix}:hits:${key}`;
  const readVersion = (value: string | null | undefined) => (value ? Number(value) : 0);

  // Hits and misses are counted here and added to Redis now and then: no extra command per lookup.
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

  async function* scan(pattern: string) {
    let cursor = "0";
    do {
      const [next, keys] = await redis.scan(cursor, "MATCH", pattern, "COUNT", SCAN_BATCH);
      cursor = next;
      if (keys.length > 0) yield keys;
    } while (cursor !== "0");
  }

  /** The entries' heads (version, store time) by Redis key, for a batch of keys. */
  const heads = async (keys: readonly string[]) => {
    const pipeline = redis.pipeline();
    for (const key of keys) pipeline.getrange(key, 0, HEAD_BYTES);
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
    async lookup(key) {
      try {
        const [version, stored] = await redis.mget(versionKey, entryKey(key));
        const current = readVersion(version);
        const parsed = stored ? (JSON.parse(stored) as { v: number; b: string; e: string }) : undefined;
        if (!parsed || parsed.v !== current) {
          pendingMisses += 1;
          schedule();
          return { version: current, entry: undefined };
        }
        pendingHits.set(key, (pendingHits.get(key) ?? 0) + 1);
        schedule();
        return { version: current, entry: { body: parsed.b, etag: parsed.e } };
      } catch (error) {
        onError(error);
        pendingMisses += 1;
        schedule();
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
    inspection: {
      namespace: NAMESPACE,
      location: { kind: "redis" },
      async entries() {
        await flush();
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
        await flush();
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
    },
    close: flush,
  };
}

/** While Redis is away, this instance's answers are at most this old (its version changes this often). */
export const DEGRADED_VERSION_WINDOW_MS = 10_000;

/**
 * The Redis cache while Redis is up, this instance's memory while it is not (issue 23): no request waits
 * for an absent Redis. Without the shared version an import elsewhere cannot reach this instance, so the
 * memory's version turns every DEGRADED_VERSION_WINDOW_MS (negative, never equal to a shared one); an
 * import here while Redis was away bumps the shared version once Redis returns.
 */
function createFailoverCache(
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

export function createApiResponseCache(options: ApiResponseCacheOptions = {}): ApiResponseCache {
  const now = options.now ?? (() => new Date());
  const memory = () => createMemoryCache(options.maxBytes ?? DEFAULT_API_CACHE_BYTES, now);
  if (options.redis) {
    const shared = createRedisCache(
      options.redis,
      options.keyPrefix ?? "reeltime:api-cache",
      options.onError ?? (() => {}),
      options.flushIntervalMs ?? 5_000,
      now,
    );
    return options.watch ? createFailoverCache(shared, memory(), options.watch, now) : shared;
  }
  return memory();
}
