// Key lookups for the API's hot path: hash → what the database said, kept in a small in-process LRU
// for a short time. Refusals of unknown keys are kept too (briefly), so repeating a bad key costs no
// query. Whether a key is revoked, expired or its client suspended is judged on every call against the
// clock, so a rotated key stops at its expiry even while cached. Revoking or rotating a key invalidates
// it here and, through Redis pub/sub, on every other instance.
// The pieces: api-key-lookup.ts (the query and the check), api-key-invalidation.ts (pub/sub) and
// api-key-last-use.ts (last_used_at in batches).
import type { Redis } from "ioredis";
import { LRUCache } from "lru-cache";
import type { Database } from "../../db/client.ts";
import { createKeyInvalidation } from "./api-key-invalidation.ts";
import { createLastUseWriter } from "./api-key-last-use.ts";
import { checkFoundKey, lookUpApiKey, type FoundApiKey } from "./api-key-lookup.ts";
import { hashApiKey, isWellFormedApiKey } from "./key-format.ts";
import type { ApiKeyDirectory } from "./key-directory-types.ts";

export const API_KEY_INVALIDATION_CHANNEL = "reeltime:api-keys:invalidate";

type Entry = { found: FoundApiKey | null; staleAt: number };

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

export function createApiKeyDirectory(options: ApiKeyDirectoryOptions): ApiKeyDirectoryHandle {
  const { db, now } = options;
  const ttlMs = options.ttlMs ?? 30_000;
  const refusalTtlMs = options.refusalTtlMs ?? 10_000;
  const cache = new LRUCache<string, Entry>({ max: options.maxEntries ?? 10_000 });
  const inFlight = new Map<string, Promise<FoundApiKey | null>>();
  // Bumped by every invalidation: a lookup that started before one must not fill the cache.
  let generation = 0;
  let closed = false;

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

  // ---- other instances' invalidations --------------------------------------------------------
  const invalidation = createKeyInvalidation({
    redis: options.redis,
    channel: options.channel ?? API_KEY_INVALIDATION_CHANNEL,
    logger: options.logger,
    dropKeys: dropLocally,
    dropAll: dropAllLocally,
  });

  // ---- last_used_at, written in the background -------------------------------------------------
  const lastUse = createLastUseWriter(db, {
    maxEntries: options.maxEntries ?? 10_000,
    touchIntervalMs: options.touchIntervalMs ?? 60_000,
    flushIntervalMs: options.flushIntervalMs ?? 10_000,
    logger: options.logger,
  });

  return {
    async authenticate(rawKey) {
      if (closed) throw new Error("api key directory is closed");
      if (!isWellFormedApiKey(rawKey)) return { ok: false, refusal: "malformed" };
      const at = now();
      const hash = hashApiKey(rawKey);
      const cached = cache.get(hash);
      if (cached && cached.staleAt > at.getTime()) return checkFoundKey(cached.found, at);
      let lookup = inFlight.get(hash);
      if (!lookup) {
        const startedAt = generation;
        lookup = lookUpApiKey(db, hash, at).finally(() => inFlight.delete(hash));
        inFlight.set(hash, lookup);
        const found = await lookup;
        if (startedAt === generation) {
          cache.set(hash, { found, staleAt: now().getTime() + (found ? ttlMs : refusalTtlMs) });
        }
        return checkFoundKey(found, at);
      }
      return checkFoundKey(await lookup, at);
    },

    lastKnown(rawKey) {
      if (!isWellFormedApiKey(rawKey)) return undefined;
      const cached = cache.peek(hashApiKey(rawKey));
      if (!cached) return undefined;
      const result = checkFoundKey(cached.found, now());
      return result.ok ? result.principal : undefined;
    },

    async invalidate(keyIds) {
      dropLocally(keyIds);
      if (keyIds.length > 0) await invalidation.publish({ keyIds });
    },

    async invalidateAll() {
      dropAllLocally();
      await invalidation.publish({ all: true });
    },

    touch(keyId, at) {
      if (closed) return;
      lastUse.touch(keyId, at);
    },

    ready: invalidation.listening,
    flush: lastUse.flush,

    async close() {
      if (closed) return;
      closed = true;
      await lastUse.stop();
      cache.clear();
      await invalidation.close();
    },
  };
}
