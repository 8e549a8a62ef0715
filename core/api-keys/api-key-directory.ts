// Key lookups for the API's hot path: hash → what the database said, kept in a small in-process LRU
// for a short time. Refusals of unknown keys are kept too (briefly), so repeating a bad key costs no
// query. Whether a key is revoked, expired or its client suspended is judged on every call against the
// clock, so a rotated key stops at its expiry even while cached. Revoking or rotating a key invalidates
// it here and, through Redis pub/sub, on every other instance.
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Redis } from "ioredis";
import { LRUCache } from "lru-cache";
import type { Database } from "../../db/client.ts";
import { apiKeys, domains } from "../../db/schema/access.ts";
import { clients } from "../../db/schema/tenancy.ts";
import { grantedCountries, utcDay } from "../access/country-access.ts";
import { hashApiKey, isWellFormedApiKey } from "./key-format.ts";
import type { ApiKeyCheck, ApiKeyDirectory, ApiKeyKind, ApiKeyPrincipal } from "./types.ts";

export const API_KEY_INVALIDATION_CHANNEL = "reeltime:api-keys:invalidate";

/** What a lookup found: the key's row as far as the check needs it, or nothing. */
type Found = {
  keyId: string;
  clientId: string;
  kind: ApiKeyKind;
  prefix: string;
  rateLimitPerMinute: number;
  expiresAt: Date | null;
  revokedAt: Date | null;
  clientSuspended: boolean;
  countries: readonly string[];
  domains: readonly string[];
};

type Entry = { found: Found | null; staleAt: number };

type Log = { warn: (object: object, message: string) => void };

export type ApiKeyDirectoryOptions = {
  db: Database;
  /** shared connection: used to publish; a duplicate of it subscribes */
  redis?: Redis;
  now: () => Date;
  /** how long a found key is trusted without asking the database again (default 30 s) */
  ttlMs?: number;
  /** how long an unknown key is remembered as unknown (default 10 s) */
  refusalTtlMs?: number;
  /** most hashes kept (default 10,000) */
  maxEntries?: number;
  /** last_used_at is written at most this often per key (default 60 s) */
  touchIntervalMs?: number;
  /** how often noted uses are written (default 10 s) */
  flushIntervalMs?: number;
  channel?: string;
  logger?: Log;
};

export type ApiKeyDirectoryHandle = ApiKeyDirectory & {
  /** resolves once this instance listens for other instances' invalidations (at once without Redis) */
  ready(): Promise<void>;
  /** writes the noted uses now (the timer does it in the background) */
  flush(): Promise<void>;
};

function check(found: Found | null, at: Date): ApiKeyCheck {
  if (!found) return { ok: false, refusal: "unknown" };
  if (found.revokedAt) return { ok: false, refusal: "revoked" };
  if (found.expiresAt && found.expiresAt <= at) return { ok: false, refusal: "expired" };
  if (found.clientSuspended) return { ok: false, refusal: "client-suspended" };
  const principal: ApiKeyPrincipal = {
    keyId: found.keyId,
    clientId: found.clientId,
    kind: found.kind,
    prefix: found.prefix,
    rateLimitPerMinute: found.rateLimitPerMinute,
    expiresAt: found.expiresAt,
    countries: found.countries,
    domains: found.domains,
  };
  return { ok: true, principal };
}

export function createApiKeyDirectory(options: ApiKeyDirectoryOptions): ApiKeyDirectoryHandle {
  const { db, redis, now } = options;
  const ttlMs = options.ttlMs ?? 30_000;
  const refusalTtlMs = options.refusalTtlMs ?? 10_000;
  const touchIntervalMs = options.touchIntervalMs ?? 60_000;
  const channel = options.channel ?? API_KEY_INVALIDATION_CHANNEL;
  const instanceId = randomUUID();
  const cache = new LRUCache<string, Entry>({ max: options.maxEntries ?? 10_000 });
  const inFlight = new Map<string, Promise<Found | null>>();
  // Bumped by every invalidation: a lookup that started before one must not fill the cache.
  let generation = 0;
  let closed = false;

  async function lookUp(hash: string, at: Date): Promise<Found | null> {
    const [row] = await db
      .select({
        keyId: apiKeys.id,
        clientId: apiKeys.clientId,
        kind: apiKeys.kind,
        prefix: apiKeys.prefix,
        rateLimitPerMinute: apiKeys.rateLimitPerMinute,
        allowedCountries: apiKeys.allowedCountries,
        expiresAt: apiKeys.expiresAt,
        revokedAt: apiKeys.revokedAt,
        clientStatus: clients.status,
      })
      .from(apiKeys)
      .innerJoin(clients, eq(clients.uuid, apiKeys.clientId))
      .where(eq(apiKeys.hash, hash))
      .limit(1);
    if (!row) return null;
    const [granted, hosts] = await Promise.all([
      grantedCountries(db, row.clientId, utcDay(at)),
      db
        .select({ hostname: domains.hostname })
        .from(domains)
        .where(eq(domains.clientId, row.clientId))
        .orderBy(domains.hostname),
    ]);
    const subset = new Set(row.allowedCountries.map((c) => c.toUpperCase()));
    return {
      keyId: row.keyId,
      clientId: row.clientId,
      kind: row.kind,
      prefix: row.prefix,
      rateLimitPerMinute: row.rateLimitPerMinute,
      expiresAt: row.expiresAt,
      revokedAt: row.revokedAt,
      clientSuspended: row.clientStatus === "suspended",
      countries: subset.size === 0 ? granted : granted.filter((c) => subset.has(c)),
      domains: hosts.map((h) => h.hostname),
    };
  }

  function dropLocally(keyIds: readonly string[]) {
    if (keyIds.length === 0) return;
    generation++;
    const ids = new Set(keyIds);
    for (const [hash, entry] of cache.entries()) {
      if (entry.found && ids.has(entry.found.keyId)) cache.delete(hash);
    }
  }

  function dropAllLocally() {
    generation++;
    cache.clear();
  }

  async function publish(message: { keyIds: readonly string[] } | { all: true }) {
    if (!redis) return;
    try {
      await redis.publish(channel, JSON.stringify({ from: instanceId, ...message }));
    } catch (error) {
      // The other instances drop every cached lookup when their subscriber reconnects, else at the TTL.
      if (redis.status === "ready")
        options.logger?.warn({ err: error }, "publishing api key invalidation failed");
    }
  }

  // ---- other instances' invalidations --------------------------------------------------------
  // The subscriber may queue its SUBSCRIBE until connected: it is not on any request's path.
  const subscriber = redis?.duplicate({ enableOfflineQueue: true, commandTimeout: undefined });
  let listening: Promise<void> = Promise.resolve();
  if (subscriber) {
    // Errors are the shared connection's outage, logged once there (core/cache/redis-watch.ts). Invalidations
    // sent while this one was away are lost: every cached lookup goes when it is back.
    subscriber.on("error", () => {});
    let lost = false;
    subscriber.on("close", () => {
      lost = true;
    });
    subscriber.on("ready", () => {
      if (lost) dropAllLocally();
      lost = false;
    });
    subscriber.on("message", (from: string, message: string) => {
      if (from !== channel) return;
      try {
        const parsed = JSON.parse(message) as { from?: unknown; keyIds?: unknown; all?: unknown };
        if (parsed.from === instanceId) return;
        if (parsed.all === true) return dropAllLocally();
        if (!Array.isArray(parsed.keyIds)) return;
        dropLocally(parsed.keyIds.filter((id): id is string => typeof id === "string"));
      } catch {
        // not ours: ignore
      }
    });
    listening = subscriber.subscribe(channel).then(
      () => undefined,
      (error: unknown) => options.logger?.warn({ err: error }, "api key invalidation subscribe failed"),
    );
  }

  // ---- last_used_at, written in the background -------------------------------------------------
  const pending = new Map<string, Date>();
  const lastWritten = new LRUCache<string, number>({ max: options.maxEntries ?? 10_000 });
  let flushing: Promise<void> = Promise.resolve();

  async function writePending() {
    if (pending.size === 0) return;
    // In key order, as every instance writes them: concurrent batches queue up instead of deadlocking.
    const batch = [...pending.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    pending.clear();
    const values = sql.join(
      batch.map(([id, at]) => sql`(${id}::uuid, ${at.toISOString()}::timestamptz)`),
      sql`, `,
    );
    try {
      await db.execute(sql`
        update api_keys as k set last_used_at = v.at
        from (values ${values}) as v(id, at)
        where k.id = v.id and (k.last_used_at is null or k.last_used_at < v.at)
      `);
    } catch (error) {
      options.logger?.warn({ err: error, keys: batch.length }, "writing api key last use failed");
    }
  }

  function flush(): Promise<void> {
    flushing = flushing.then(writePending);
    return flushing;
  }

  const timer = setInterval(() => void flush(), options.flushIntervalMs ?? 10_000);
  timer.unref();

  return {
    async authenticate(rawKey) {
      if (closed) throw new Error("api key directory is closed");
      if (!isWellFormedApiKey(rawKey)) return { ok: false, refusal: "malformed" };
      const at = now();
      const hash = hashApiKey(rawKey);
      const cached = cache.get(hash);
      if (cached && cached.staleAt > at.getTime()) return check(cached.found, at);
      let lookup = inFlight.get(hash);
      if (!lookup) {
        const startedAt = generation;
        lookup = lookUp(hash, at).finally(() => inFlight.delete(hash));
        inFlight.set(hash, lookup);
        const found = await lookup;
        if (startedAt === generation) {
          cache.set(hash, { found, staleAt: now().getTime() + (found ? ttlMs : refusalTtlMs) });
        }
        return check(found, at);
      }
      return check(await lookup, at);
    },

    lastKnown(rawKey) {
      if (!isWellFormedApiKey(rawKey)) return undefined;
      const cached = cache.peek(hashApiKey(rawKey));
      if (!cached) return undefined;
      const result = check(cached.found, now());
      return result.ok ? result.principal : undefined;
    },

    async invalidate(keyIds) {
      dropLocally(keyIds);
      if (keyIds.length > 0) await publish({ keyIds });
    },

    async invalidateAll() {
      dropAllLocally();
      await publish({ all: true });
    },

    touch(keyId, at) {
      if (closed) return;
      const last = lastWritten.get(keyId);
      if (last !== undefined && at.getTime() - last < touchIntervalMs) return;
      lastWritten.set(keyId, at.getTime());
      pending.set(keyId, at);
    },

    ready: () => listening,
    flush,

    async close() {
      if (closed) return;
      closed = true;
      clearInterval(timer);
      await flush();
      cache.clear();
      if (subscriber) {
        await listening;
        await subscriber.quit().catch(() => subscriber.disconnect());
      }
    },
  };
}
