import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { invalidateApiData } from "./invalidate-api-data.ts";
import { createApiResponseCache, type ApiResponseCache } from "./response-cache.ts";

const entry = (body: string) => ({ body, etag: `"${body}"` });

function behavesLikeAResponseCache(make: () => ApiResponseCache) {
  it("answers a stored entry until the data version changes", async () => {
    const cache = make();
    const miss = await cache.lookup("k");
    expect(miss.entry).toBeUndefined();
    await cache.store("k", miss.version, entry("a"), 60);
    expect((await cache.lookup("k")).entry).toEqual(entry("a"));
    const version = await invalidateApiData({ apiCache: cache });
    expect(version).toBe(miss.version + 1);
    const after = await cache.lookup("k");
    expect(after).toEqual({ version, entry: undefined });
  });

  it("drops an answer computed from data that changed meanwhile", async () => {
    const cache = make();
    const before = await cache.lookup("slow");
    await cache.bumpDataVersion();
    await cache.store("slow", before.version, entry("stale"), 60);
    expect((await cache.lookup("slow")).entry).toBeUndefined();
  });

  it("stores nothing without a lifetime", async () => {
    const cache = make();
    const { version } = await cache.lookup("live");
    await cache.store("live", version, entry("x"), 0);
    expect((await cache.lookup("live")).entry).toBeUndefined();
  });

  it("lists its live entries with size, age, time left and hits, and counts hits and misses", async () => {
    const cache = make();
    const before = await cache.inspection.counters();
    const { version } = await cache.lookup("listChains /api/v1/chains? NL");
    await cache.store("listChains /api/v1/chains? NL", version, entry("chains"), 60);
    await cache.store("getMovie /api/v1/movies/1? NL", version, entry("movie"), 300);
    await cache.lookup("listChains /api/v1/chains? NL");
    await cache.lookup("listChains /api/v1/chains? NL");
    await cache.lookup("getMovie /api/v1/movies/1? NL");
    const listed = await cache.inspection.entries();
    const byKey = new Map(listed.map((e) => [e.key, e]));
    expect([...byKey.keys()].sort()).toEqual([
      "getMovie /api/v1/movies/1? NL",
      "listChains /api/v1/chains? NL",
    ]);
    const chains = byKey.get("listChains /api/v1/chains? NL")!;
    expect(chains.hits).toBe(2);
    expect(byKey.get("getMovie /api/v1/movies/1? NL")!.hits).toBe(1);
    expect(chains.size).toBeGreaterThan("chains".length);
    expect(chains.ttlSeconds).toBeGreaterThan(55);
    expect(chains.ttlSeconds).toBeLessThanOrEqual(60);
    expect(byKey.get("getMovie /api/v1/movies/1? NL")!.ttlSeconds).toBeGreaterThan(295);
    expect(Date.now() - chains.storedAt!.getTime()).toBeLessThan(5_000);
    const after = await cache.inspection.counters();
    expect(after.hits - before.hits).toBe(3);
    expect(after.misses - before.misses).toBe(1);
  });

  it("counts and purges by exact key, by prefix (glob characters are plain) and all", async () => {
    const cache = make();
    const { version } = await cache.lookup("x");
    for (const key of ["a*1", "a*2", "ab", "b[1]", "c"]) await cache.store(key, version, entry(key), 60);
    expect(await cache.inspection.count({ kind: "prefix", prefix: "a*" })).toBe(2);
    expect(await cache.inspection.count({ kind: "key", key: "b[1]" })).toBe(1);
    expect(await cache.inspection.count({ kind: "key", key: "b" })).toBe(0);
    expect(await cache.inspection.purge({ kind: "key", key: "b[1]" })).toBe(1);
    expect(await cache.inspection.purge({ kind: "key", key: "b[1]" })).toBe(0);
    expect(await cache.inspection.purge({ kind: "prefix", prefix: "a*" })).toBe(2);
    expect((await cache.lookup("a*1")).entry).toBeUndefined();
    expect((await cache.lookup("ab")).entry).toEqual(entry("ab"));
    expect((await cache.inspection.entries()).map((e) => e.key).sort()).toEqual(["ab", "c"]);
    expect(await cache.inspection.count({ kind: "all" })).toBe(2);
    expect(await cache.inspection.purge({ kind: "all" })).toBe(2);
    expect(await cache.inspection.entries()).toEqual([]);
    expect((await cache.lookup("c")).entry).toBeUndefined();
  });
}

describe("the API response cache in memory", () => {
  behavesLikeAResponseCache(() => createApiResponseCache());

  it("says which instance's memory it shows", () => {
    expect(createApiResponseCache().inspection.location).toEqual({
      kind: "memory",
      instance: expect.stringContaining(`:${process.pid}`),
    });
  });

  it("keeps within its byte budget, dropping the least recently used", async () => {
    const cache = createApiResponseCache({ maxBytes: 10_000 });
    const { version } = await cache.lookup("x");
    for (let i = 0; i < 20; i++) await cache.store(`k${i}`, version, entry("x".repeat(1000)), 60);
    expect((await cache.lookup("k0")).entry).toBeUndefined();
    expect((await cache.lookup("k19")).entry).toBeDefined();
  });
});

// Only with TEST_REDIS_URL (CI's second pass): what sharing through Redis adds.
const redisUrls = process.env.TEST_REDIS_URL ? [process.env.TEST_REDIS_URL] : [];
if (redisUrls.length === 0)
  console.info(
    "response-cache.test.ts: TEST_REDIS_URL is not set, so the Redis cases do not run (memory only)",
  );
describe.each(redisUrls)("the API response cache in Redis", (redisUrl) => {
  const redis = new Redis(redisUrl);
  const prefixes: string[] = [];
  const uniquePrefix = () => {
    const prefix = `test-api-cache:${randomUUID()}`;
    prefixes.push(prefix);
    return prefix;
  };
  afterAll(async () => {
    for (const prefix of prefixes) {
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length > 0) await redis.del(...keys);
    }
    await redis.quit();
  });
  behavesLikeAResponseCache(() => createApiResponseCache({ redis, keyPrefix: uniquePrefix() }));

  it("shows every instance's entries and hits, and a purge on one empties them for all", async () => {
    const keyPrefix = uniquePrefix();
    const a = createApiResponseCache({ redis, keyPrefix, flushIntervalMs: 60_000 });
    const b = createApiResponseCache({ redis, keyPrefix, flushIntervalMs: 60_000 });
    expect(a.inspection.location).toEqual({ kind: "redis" });
    const { version } = await a.lookup("k1");
    await a.store("k1", version, entry("one"), 60);
    await a.store("k2", version, entry("two"), 60);
    await b.lookup("k1");
    await b.lookup("k1");
    await b.lookup("nothing");
    // b has not flushed its counts yet: a sees the entries, not b's hits.
    expect((await a.inspection.entries()).find((e) => e.key === "k1")?.hits).toBe(0);
    await b.close();
    const listed = await a.inspection.entries();
    expect(listed.find((e) => e.key === "k1")?.hits).toBe(2);
    expect(listed.map((e) => e.key).sort()).toEqual(["k1", "k2"]);
    const counters = await a.inspection.counters();
    expect(counters).toMatchObject({ hits: 2, misses: 2 });
    expect(await b.inspection.purge({ kind: "key", key: "k1" })).toBe(1);
    expect((await a.lookup("k1")).entry).toBeUndefined();
    expect(await redis.exists(`${keyPrefix}:hits:k1`)).toBe(0);
  });

  it("leaves stale entries out of the list and the counts, and purges them with the rest", async () => {
    const keyPrefix = uniquePrefix();
    const cache = createApiResponseCache({ redis, keyPrefix });
    const { version } = await cache.lookup("old");
    await cache.store("old", version, entry("old"), 60);
    const current = await cache.bumpDataVersion();
    await cache.store("new", current, entry("new"), 60);
    expect((await cache.inspection.entries()).map((e) => e.key)).toEqual(["new"]);
    expect(await cache.inspection.count({ kind: "all" })).toBe(1);
    expect(await cache.inspection.purge({ kind: "all" })).toBe(1);
    expect(await redis.keys(`${keyPrefix}:response:*`)).toEqual([]);
  });

  it("gives a hit counter whose entry is gone a lifetime of its own", async () => {
    const keyPrefix = uniquePrefix();
    const cache = createApiResponseCache({ redis, keyPrefix, flushIntervalMs: 60_000 });
    const { version } = await cache.lookup("k");
    await cache.store("k", version, entry("x"), 60);
    await cache.lookup("k");
    await redis.del(`${keyPrefix}:response:k`, `${keyPrefix}:hits:k`);
    await cache.close();
    expect(await redis.ttl(`${keyPrefix}:hits:k`)).toBeGreaterThan(0);
  });

  it("shares entries and the version between instances", async () => {
    const keyPrefix = uniquePrefix();
    const a = createApiResponseCache({ redis, keyPrefix });
    const b = createApiResponseCache({ redis, keyPrefix });
    const { version } = await a.lookup("k");
    await a.store("k", version, entry("shared"), 60);
    expect((await b.lookup("k")).entry).toEqual(entry("shared"));
    await b.bumpDataVersion();
    expect((await a.lookup("k")).entry).toBeUndefined();
  });

  it("treats Redis trouble as a miss", async () => {
    const broken = new Redis("redis://127.0.0.1:1", {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
    });
    const errors: unknown[] = [];
    const cache = createApiResponseCache({ redis: broken, onError: (error) => errors.push(error) });
    expect(await cache.lookup("k")).toEqual({ version: -1, entry: undefined });
    await cache.store("k", -1, entry("x"), 60);
    expect(errors).toHaveLength(1);
    broken.disconnect();
  });
});
