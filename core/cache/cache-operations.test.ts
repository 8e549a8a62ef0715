// The cached-data page's operations over a real response cache (memory, and Redis with TEST_REDIS_URL):
// the list searched, filtered, sorted and paged; the summary's hit rate; purges by key, prefix and all,
// each written to the audit log with what and how many; everyone but super admins refused.
import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import { createApiResponseCache, type ApiResponseCache } from "./response-cache.ts";
import {
  actorFor,
  auditRowsFor,
  createScenario,
  expectAppError,
  type Scenario,
} from "../tenancy/tenancy-test-fixtures.ts";
import type { CacheServices } from "./cache-services.ts";
import { countCachePurge } from "./count-cache-purge.ts";
import { getCacheSummary } from "./get-cache-summary.ts";
import { listCacheEntries } from "./list-cache-entries.ts";
import { purgeAllCaches } from "./purge-all-caches.ts";
import { purgeCacheEntry } from "./purge-cache-entry.ts";
import { purgeCachePrefix } from "./purge-cache-prefix.ts";

const redisUrl = process.env.TEST_REDIS_URL;
const redis = redisUrl ? new Redis(redisUrl) : undefined;
if (!redis)
  console.info("cache-operations.test.ts: TEST_REDIS_URL is not set, so only the memory cache runs");
const redisPrefixes: string[] = [];
afterAll(async () => {
  if (!redis) return;
  for (const prefix of redisPrefixes) {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
  }
  await redis.quit();
});

const stores: [string, () => ApiResponseCache][] = [
  ["memory", () => createApiResponseCache()],
  ...(redis
    ? ([
        [
          "redis",
          () => {
            const keyPrefix = `test-cache-ops:${randomUUID()}`;
            redisPrefixes.push(keyPrefix);
            return createApiResponseCache({ redis, keyPrefix });
          },
        ],
      ] as [string, () => ApiResponseCache][])
    : []),
];

const entry = (body: string) => ({ body, etag: `"${body}"` });

describe.each(stores)("cache inspection and purges (%s)", (_store, create) => {
  const database = useTestDatabase();
  let s: Scenario;
  let cache: ApiResponseCache;
  let services: CacheServices;

  beforeAll(async () => {
    s = await createScenario(database().db);
  });

  /** A fresh cache holding `keys` (bodies of growing size), each looked up `i` times. */
  async function fill(keys: readonly string[]) {
    cache = create();
    services = { db: database().db, caches: [cache.inspection], now: () => new Date() };
    const { version } = await cache.lookup("miss");
    for (const [i, key] of keys.entries()) {
      await cache.store(key, version, entry("x".repeat(100 * (i + 1))), 60 + i);
      for (let n = 0; n < i; n++) await cache.lookup(key);
    }
  }

  it("lists entries searched by key, filtered by namespace, sorted and paged", async () => {
    await fill([
      "listMovies /api/v1/movies? NL",
      "listMovies /api/v1/movies?page=2 NL",
      "getCinema /api/v1/cinemas/7? BE",
    ]);
    const admin = actorFor(s.superAdmin);
    const bySize = await listCacheEntries(services, admin, { sort: "-size" });
    expect(bySize.total).toBe(3);
    expect(bySize.rows.map((r) => r.key)).toEqual([
      "getCinema /api/v1/cinemas/7? BE",
      "listMovies /api/v1/movies?page=2 NL",
      "listMovies /api/v1/movies? NL",
    ]);
    expect(bySize.rows[0]).toMatchObject({ namespace: "api-response", hits: 2 });
    expect(bySize.rows[0]!.ageSeconds).toBeGreaterThanOrEqual(0);
    const byHits = await listCacheEntries(services, admin, { sort: "hits", pageSize: 2, page: 1 });
    expect(byHits.rows.map((r) => r.hits)).toEqual([0, 1]);
    const page2 = await listCacheEntries(services, admin, { sort: "hits", pageSize: 2, page: 2 });
    expect(page2.rows.map((r) => r.hits)).toEqual([2]);
    const byTtl = await listCacheEntries(services, admin, { sort: "-ttl" });
    expect(byTtl.rows[0]!.key).toBe("getCinema /api/v1/cinemas/7? BE");
    const searched = await listCacheEntries(services, admin, { search: "LISTMOVIES", sort: "key" });
    expect(searched.rows.map((r) => r.key)).toEqual([
      "listMovies /api/v1/movies? NL",
      "listMovies /api/v1/movies?page=2 NL",
    ]);
    expect((await listCacheEntries(services, admin, { namespace: "external-metadata" })).total).toBe(0);
    expect((await listCacheEntries(services, admin, { namespace: "api-response" })).total).toBe(3);
  });

  it("sums entries and bytes and gives the hit rate", async () => {
    await fill(["a", "b", "c"]);
    const [summary] = await getCacheSummary(services, actorFor(s.superAdmin));
    expect(summary).toMatchObject({
      namespace: "api-response",
      entries: 3,
      hits: 3,
      misses: 1,
      hitRate: 0.75,
    });
    expect(summary!.bytes).toBeGreaterThan(600);
  });

  it("purges one key, then a prefix after counting it, then all; the audit log says what and how many", async () => {
    await fill(["listMovies a", "listMovies b", "listMovies c", "getMovie 1", "getMovie 2"]);
    const admin = actorFor(s.superAdmin);
    expect(
      await purgeCacheEntry(services, admin, { namespace: "api-response", key: "listMovies a" }),
    ).toEqual({
      purged: 1,
      key: "listMovies a",
    });
    expect(await countCachePurge(services, admin, { prefix: "listMovies " })).toEqual({
      count: 2,
      prefix: "listMovies ",
      namespace: null,
    });
    expect(
      await purgeCachePrefix(services, admin, { namespace: "api-response", prefix: "listMovies " }),
    ).toEqual({
      purged: 2,
      prefix: "listMovies ",
    });
    expect((await listCacheEntries(services, admin, { sort: "key" })).rows.map((r) => r.key)).toEqual([
      "getMovie 1",
      "getMovie 2",
    ]);
    expect(await purgeAllCaches(services, admin, { confirmation: " Purge " })).toEqual({ purged: 2 });
    expect((await listCacheEntries(services, admin, {})).total).toBe(0);

    const audit = (await auditRowsFor(database().db, "cache.purge")).slice(0, 3);
    expect(audit.map((row) => row.after)).toEqual([
      expect.objectContaining({ kind: "all", namespace: "all", purged: 2 }),
      expect.objectContaining({
        kind: "prefix",
        prefix: "listMovies ",
        namespace: "api-response",
        purged: 2,
      }),
      expect.objectContaining({ kind: "key", key: "listMovies a", namespace: "api-response", purged: 1 }),
    ]);
    expect(audit[0]).toMatchObject({ actorProfileId: s.superAdmin.profileId, entityType: "cache" });
    expect((audit[0]!.after as { stores: string[] }).stores[0]).toMatch(
      /^api-response: (redis|memory .+:\d+)$/,
    );
  });

  it("refuses a purge of everything without the typed word, and an empty prefix", async () => {
    await fill(["k"]);
    const admin = actorFor(s.superAdmin);
    await expectAppError(purgeAllCaches(services, admin, { confirmation: "yes" }), "invalid_input");
    await expectAppError(purgeCachePrefix(services, admin, { prefix: "" }), "invalid_input");
    expect((await listCacheEntries(services, admin, {})).total).toBe(1);
  });

  it("refuses everyone but super admins", async () => {
    await fill(["k"]);
    for (const actor of [actorFor(s.adminA, s.clientA), actorFor(s.outsider)]) {
      await expectAppError(listCacheEntries(services, actor, {}), "forbidden", "access.superAdminOnly");
      await expectAppError(getCacheSummary(services, actor), "forbidden");
      await expectAppError(countCachePurge(services, actor, { prefix: "k" }), "forbidden");
      await expectAppError(
        purgeCacheEntry(services, actor, { namespace: "api-response", key: "k" }),
        "forbidden",
      );
      await expectAppError(purgeCachePrefix(services, actor, { prefix: "k" }), "forbidden");
      await expectAppError(purgeAllCaches(services, actor, { confirmation: "purge" }), "forbidden");
    }
    expect((await listCacheEntries(services, actorFor(s.superAdmin), {})).total).toBe(1);
  });
});
