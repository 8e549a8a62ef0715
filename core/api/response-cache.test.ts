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
}

describe("the API response cache in memory", () => {
  behavesLikeAResponseCache(() => createApiResponseCache());

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
describe.each(redisUrls)("the API response cache in Redis", (redisUrl) => {
  const redis = new Redis(redisUrl);
  afterAll(async () => {
    await redis.quit();
  });
  behavesLikeAResponseCache(() =>
    createApiResponseCache({ redis, keyPrefix: `test-api-cache:${randomUUID()}` }),
  );

  it("shares entries and the version between instances", async () => {
    const keyPrefix = `test-api-cache:${randomUUID()}`;
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
