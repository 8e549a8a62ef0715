import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "../../db/client.ts";
import { apiKeys } from "../../db/schema/access.ts";
import { clients } from "../../db/schema/tenancy.ts";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import { createTestClient } from "../tenancy/tenancy-test-fixtures.ts";
import { createApiKeyDirectory, type ApiKeyDirectoryHandle } from "./api-key-directory.ts";
import { generateApiKey } from "./key-format.ts";
import {
  addDomains,
  ensureTestCountries,
  grantCountries,
  insertApiKey,
} from "../api-keys/api-key-test-fixtures.ts";

const database = useTestDatabase();
const T0 = new Date("2026-04-01T12:00:00Z");

/** A directory on a clock the test moves. */
function directoryAt(start = T0, options: { ttlMs?: number; refusalTtlMs?: number } = {}) {
  let current = start.getTime();
  const directory = createApiKeyDirectory({ db: database().db, now: () => new Date(current), ...options });
  opened.push(directory);
  return {
    directory,
    advance: (ms: number) => {
      current += ms;
    },
    at: () => new Date(current),
  };
}

const opened: ApiKeyDirectoryHandle[] = [];
afterAll(async () => {
  await Promise.all(opened.map((d) => d.close()));
});

beforeAll(async () => {
  await ensureTestCountries(database().db);
});

async function lastUsed(id: string) {
  const [row] = await database()
    .db.select({ lastUsedAt: apiKeys.lastUsedAt })
    .from(apiKeys)
    .where(eq(apiKeys.id, id));
  return row?.lastUsedAt ?? null;
}

describe("api key directory", () => {
  it("refuses a malformed key without touching the database", async () => {
    const untouchable = new Proxy(
      {},
      {
        get() {
          throw new Error("the database was asked");
        },
      },
    ) as unknown as Database;
    const directory = createApiKeyDirectory({ db: untouchable, now: () => T0 });
    opened.push(directory);
    for (const raw of ["", "rt_sk_short", `rt_xx_${"a".repeat(32)}`, `Bearer rt_sk_${"a".repeat(32)}`]) {
      expect(await directory.authenticate(raw)).toEqual({ ok: false, refusal: "malformed" });
    }
  });

  it("answers a principal: kind, prefix, limit, expiry, the client's granted countries and domains", async () => {
    const { db } = database();
    const client = await createTestClient(db);
    await grantCountries(db, client.id, ["NL", "BE", "LU"]);
    await addDomains(db, client.id, ["www.example.nl", "*.example.nl"]);
    const expiresAt = new Date(T0.getTime() + 86_400_000);
    const key = await insertApiKey(db, client.id, {
      kind: "publishable",
      rateLimitPerMinute: 120,
      expiresAt,
    });
    const { directory } = directoryAt();
    expect(await directory.authenticate(key.key)).toEqual({
      ok: true,
      principal: {
        keyId: key.id,
        clientId: client.id,
        kind: "publishable",
        prefix: key.prefix,
        rateLimitPerMinute: 120,
        expiresAt,
        countries: ["BE", "NL"],
        domains: ["*.example.nl", "www.example.nl"],
      },
    });
  });

  it("narrows the countries to the key's subset, and to nothing when none of it is granted", async () => {
    const { db } = database();
    const client = await createTestClient(db);
    await grantCountries(db, client.id, ["NL", "BE"]);
    const narrowed = await insertApiKey(db, client.id, { allowedCountries: ["nl", "DE"] });
    const outside = await insertApiKey(db, client.id, { allowedCountries: ["FR"] });
    const { directory } = directoryAt();
    const a = await directory.authenticate(narrowed.key);
    expect(a.ok && a.principal.countries).toEqual(["NL"]);
    const b = await directory.authenticate(outside.key);
    expect(b.ok && b.principal.countries).toEqual([]);
  });

  it("refuses unknown, revoked and expired keys and keys of a suspended client", async () => {
    const { db } = database();
    const client = await createTestClient(db);
    const suspended = await createTestClient(db);
    await db.update(clients).set({ status: "suspended" }).where(eq(clients.uuid, suspended.id));
    const revoked = await insertApiKey(db, client.id, { revokedAt: new Date(T0.getTime() - 1000) });
    const expired = await insertApiKey(db, client.id, { expiresAt: new Date(T0.getTime() - 1) });
    const ofSuspended = await insertApiKey(db, suspended.id);
    const { directory } = directoryAt();
    expect(await directory.authenticate(generateApiKey("secret").key)).toEqual({
      ok: false,
      refusal: "unknown",
    });
    expect(await directory.authenticate(revoked.key)).toEqual({ ok: false, refusal: "revoked" });
    expect(await directory.authenticate(expired.key)).toEqual({ ok: false, refusal: "expired" });
    expect(await directory.authenticate(ofSuspended.key)).toEqual({ ok: false, refusal: "client-suspended" });
  });

  it("stops a key at its expiry even while it is cached (a rotated key's grace period)", async () => {
    const { db } = database();
    const client = await createTestClient(db);
    const key = await insertApiKey(db, client.id, { expiresAt: new Date(T0.getTime() + 5_000) });
    const { directory, advance } = directoryAt(T0, { ttlMs: 60_000 });
    expect((await directory.authenticate(key.key)).ok).toBe(true);
    advance(4_999);
    expect((await directory.authenticate(key.key)).ok).toBe(true);
    advance(1);
    expect(await directory.authenticate(key.key)).toEqual({ ok: false, refusal: "expired" });
  });

  it("serves from its cache until invalidated, then sees the database", async () => {
    const { db } = database();
    const client = await createTestClient(db);
    const key = await insertApiKey(db, client.id);
    const other = await insertApiKey(db, client.id);
    const { directory } = directoryAt();
    expect((await directory.authenticate(key.key)).ok).toBe(true);
    expect((await directory.authenticate(other.key)).ok).toBe(true);
    await db.update(apiKeys).set({ revokedAt: T0 }).where(eq(apiKeys.clientId, client.id));
    // Cached: the change is not seen yet.
    expect((await directory.authenticate(key.key)).ok).toBe(true);
    await directory.invalidate([key.id]);
    expect(await directory.authenticate(key.key)).toEqual({ ok: false, refusal: "revoked" });
    // Only the invalidated key was dropped.
    expect((await directory.authenticate(other.key)).ok).toBe(true);
  });

  it("asks the database again once the TTL has passed", async () => {
    const { db } = database();
    const client = await createTestClient(db);
    const key = await insertApiKey(db, client.id);
    const { directory, advance } = directoryAt(T0, { ttlMs: 30_000 });
    expect((await directory.authenticate(key.key)).ok).toBe(true);
    await db.update(apiKeys).set({ rateLimitPerMinute: 7 }).where(eq(apiKeys.id, key.id));
    advance(29_999);
    const cached = await directory.authenticate(key.key);
    expect(cached.ok && cached.principal.rateLimitPerMinute).toBe(60);
    advance(1);
    const fresh = await directory.authenticate(key.key);
    expect(fresh.ok && fresh.principal.rateLimitPerMinute).toBe(7);
  });

  it("names a key's last known principal past its TTL without asking, only while it would check out", async () => {
    const { db } = database();
    const client = await createTestClient(db);
    const key = await insertApiKey(db, client.id, { expiresAt: new Date(T0.getTime() + 120_000) });
    const { directory, advance } = directoryAt(T0, { ttlMs: 30_000 });
    expect(directory.lastKnown(key.key)).toBeUndefined();
    expect((await directory.authenticate(key.key)).ok).toBe(true);
    // Deleted from the database meanwhile: lastKnown never asks it, even past the TTL.
    await db.delete(apiKeys).where(eq(apiKeys.id, key.id));
    advance(60_000);
    expect(directory.lastKnown(key.key)).toMatchObject({ keyId: key.id, clientId: client.id });
    // Past the key's expiry it is no longer named.
    advance(60_000);
    expect(directory.lastKnown(key.key)).toBeUndefined();
    expect(directory.lastKnown("not a key")).toBeUndefined();
  });

  it("remembers an unknown key briefly, so repeating it costs no query", async () => {
    const { db } = database();
    const client = await createTestClient(db);
    const generated = generateApiKey("secret");
    const { directory, advance } = directoryAt(T0, { refusalTtlMs: 10_000 });
    expect(await directory.authenticate(generated.key)).toEqual({ ok: false, refusal: "unknown" });
    // The key appears in the database (which real keys never do after a miss): the refusal still holds…
    await db.insert(apiKeys).values({
      clientId: client.id,
      name: "late",
      kind: "secret",
      prefix: generated.prefix,
      hash: generated.hash,
    });
    expect(await directory.authenticate(generated.key)).toEqual({ ok: false, refusal: "unknown" });
    // …until the refusal's short TTL has passed.
    advance(10_000);
    expect((await directory.authenticate(generated.key)).ok).toBe(true);
  });

  it("looks a key up once for a burst of concurrent requests", async () => {
    const { db } = database();
    const client = await createTestClient(db);
    const key = await insertApiKey(db, client.id);
    const { directory } = directoryAt();
    const select = vi.spyOn(db, "select");
    const results = await Promise.all(Array.from({ length: 20 }, () => directory.authenticate(key.key)));
    expect(results.every((r) => r.ok)).toBe(true);
    // one key lookup and one domain lookup (the grants are raw SQL)
    expect(select).toHaveBeenCalledTimes(2);
    select.mockRestore();
  });

  it("writes last use in the background, at most once a minute per key", async () => {
    const { db } = database();
    const client = await createTestClient(db);
    const key = await insertApiKey(db, client.id);
    const { directory } = directoryAt();
    directory.touch(key.id, T0);
    directory.touch(key.id, new Date(T0.getTime() + 30_000));
    expect(await lastUsed(key.id)).toBeNull();
    await directory.flush();
    expect(await lastUsed(key.id)).toEqual(T0);
    directory.touch(key.id, new Date(T0.getTime() + 59_999));
    await directory.flush();
    expect(await lastUsed(key.id)).toEqual(T0);
    const later = new Date(T0.getTime() + 60_000);
    directory.touch(key.id, later);
    await directory.close(); // close writes what is pending
    expect(await lastUsed(key.id)).toEqual(later);
  });

  it("logs a failed last-use write instead of throwing", async () => {
    const warn = vi.fn();
    const failing = new Proxy(
      {},
      {
        get(_target, property) {
          if (property === "execute") return () => Promise.reject(new Error("database down"));
          throw new Error(`unexpected ${String(property)}`);
        },
      },
    ) as unknown as Database;
    const directory = createApiKeyDirectory({ db: failing, now: () => T0, logger: { warn } });
    directory.touch(randomUUID(), T0);
    await expect(directory.flush()).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ keys: 1 }),
      "writing api key last use failed",
    );
    await directory.close();
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
const redisCases: [string, string][] = redisUrl ? [["with Redis", redisUrl]] : [];

describe.each(redisCases)("api key directories sharing Redis (%s)", (_name, url) => {
  const connections: Redis[] = [];
  afterAll(async () => {
    await Promise.all(connections.map((c) => c.quit()));
  });

  it("an invalidation on one instance reaches the other", async () => {
    const { db } = database();
    const client = await createTestClient(db);
    const key = await insertApiKey(db, client.id);
    const channel = `test:api-keys:${randomUUID()}`;
    const make = () => {
      const redis = new Redis(url);
      connections.push(redis);
      const directory = createApiKeyDirectory({ db, redis, now: () => T0, channel, ttlMs: 600_000 });
      opened.push(directory);
      return directory;
    };
    const a = make();
    const b = make();
    await Promise.all([a.ready(), b.ready()]);
    expect((await a.authenticate(key.key)).ok).toBe(true);
    expect((await b.authenticate(key.key)).ok).toBe(true);
    await db.update(apiKeys).set({ revokedAt: T0 }).where(eq(apiKeys.id, key.id));
    expect((await b.authenticate(key.key)).ok).toBe(true); // still cached on b
    await a.invalidate([key.id]);
    await vi.waitFor(async () => {
      expect(await b.authenticate(key.key)).toEqual({ ok: false, refusal: "revoked" });
    });
  });
});
