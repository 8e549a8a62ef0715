// The API response cache while its Redis is away (issue 23): answers from this instance's memory, with a
// version that turns every DEGRADED_VERSION_WINDOW_MS so nothing is older than that, and no command sent
// to the absent Redis (the watch says it is down).
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import type { RedisWatch } from "./redis-watch.ts";
import { freePort } from "../../scripts/free-port.ts";
import { createApiResponseCache, DEGRADED_VERSION_WINDOW_MS } from "./response-cache.ts";

const downWatch: RedisWatch = {
  ready: false,
  state: () => ({ up: false, since: new Date() }),
  onRecovered: () => {},
  settled: async () => {},
};

// Nothing listens on this port: a command sent there would fail (and the test with it).
const absent = new Redis(await freePort(), "127.0.0.1", {
  lazyConnect: true,
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
});
afterAll(() => absent.disconnect());

describe("the API response cache with its Redis away", () => {
  it("stores and answers in memory, at most one version window old", async () => {
    let now = new Date("2026-11-29T10:00:00.000Z");
    const errors: unknown[] = [];
    const cache = createApiResponseCache({
      redis: absent,
      watch: downWatch,
      now: () => now,
      onError: (error) => errors.push(error),
    });
    const version = await cache.dataVersion();
    expect(version).toBeLessThan(0);
    expect(await cache.lookup("movies")).toEqual({ version, entry: undefined });
    await cache.store("movies", version, { body: "[]", etag: '"a"' }, 60);
    expect(await cache.lookup("movies")).toEqual({ version, entry: { body: "[]", etag: '"a"' } });

    now = new Date(now.getTime() + DEGRADED_VERSION_WINDOW_MS);
    const next = await cache.dataVersion();
    expect(next).not.toBe(version);
    expect((await cache.lookup("movies")).entry).toBeUndefined();
    // An answer computed under the old version is not kept.
    await cache.store("movies", version, { body: "[old]", etag: '"b"' }, 60);
    expect((await cache.lookup("movies")).entry).toBeUndefined();
    expect(errors).toEqual([]);
    expect(absent.status).toBe("wait");
  });
});
