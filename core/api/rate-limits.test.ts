import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiRateLimits, type ApiRateLimits } from "./rate-limits.ts";

function behavesLikeARateLimit(make: () => ApiRateLimits) {
  it("allows a key its requests per minute, then refuses with the time to wait", async () => {
    const limits = make();
    const key = randomUUID();
    const decisions = [];
    for (let i = 0; i < 4; i++) decisions.push(await limits.consume(key, 3));
    expect(decisions.map((d) => [d.allowed, d.remaining])).toEqual([
      [true, 2],
      [true, 1],
      [true, 0],
      [false, 0],
    ]);
    expect(decisions[3]).toMatchObject({ limit: 3 });
    expect(decisions[3]!.resetSeconds).toBeGreaterThan(0);
    expect(decisions[3]!.resetSeconds).toBeLessThanOrEqual(60);
    expect((await limits.consume(randomUUID(), 3)).allowed).toBe(true);
  });
}

describe("API rate limits in memory", () => {
  behavesLikeARateLimit(() => createApiRateLimits());
});

// Only with TEST_REDIS_URL (CI's second pass): what sharing through Redis adds.
const redisUrls = process.env.TEST_REDIS_URL ? [process.env.TEST_REDIS_URL] : [];
describe.each(redisUrls)("API rate limits in Redis", (redisUrl) => {
  const redis = new Redis(redisUrl);
  // Until connected the limits count in memory (they never wait for Redis): these tests are about Redis.
  beforeAll(() =>
    redis.status === "ready" ? undefined : new Promise((ready) => redis.once("ready", ready)),
  );
  afterAll(async () => {
    await redis.quit();
  });
  behavesLikeARateLimit(() => createApiRateLimits({ redis, keyPrefix: `test-api-rate:${randomUUID()}` }));

  it("keeps one count per key across instances", async () => {
    const keyPrefix = `test-api-rate:${randomUUID()}`;
    const a = createApiRateLimits({ redis, keyPrefix });
    const b = createApiRateLimits({ redis, keyPrefix });
    const key = randomUUID();
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).consume(key, 6)));
    expect(results.filter((r) => r.allowed)).toHaveLength(6);
  });
});
