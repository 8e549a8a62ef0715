// Where the meter keeps each client's live balance (the ledger's balance minus usage not yet written to
// it): in this process, or in Redis, shared by every instance. The Redis store keeps, per client, the live
// balance, each instance's unflushed credits (kept by the scripts themselves, with a heartbeat so that a
// dead instance's share is dropped), a version bumped by every ledger write outside the meter and a marker
// while a flush is writing — enough to recompute the live balance from the database at any time
// (`reconcile`) without racing those writes.
import { createHash } from "node:crypto";
import type { Redis } from "ioredis";
import type { RedisWatch } from "../cache/redis-watch.ts";

export type LiveCharge =
  { state: "missing" } | { state: "admitted"; remaining: number } | { state: "refused"; remaining: number };

/**
 * This instance's credits for a client that are not in the ledger yet: `pending` counts every charge
 * asked for (also those whose answer has not arrived), `applied` only those known to be admitted. The
 * memory store uses the first; Redis keeps its own exact count and uses the second only to restore it
 * after losing it.
 */
export type OwnUsage = { pending: number; applied: number };

export type LiveBalances = {
  /** refuses when the live balance is at or below zero, else takes `credits`; "missing" when not loaded */
  charge(clientId: string, credits: number, own: OwnUsage): Promise<LiveCharge>;
  /** `own`: after the refund */
  refund(clientId: string, credits: number, own: OwnUsage): Promise<void>;
  /** a ledger row written outside the meter */
  applyDelta(clientId: string, delta: number): Promise<void>;
  get(clientId: string): Promise<number | null>;
  /** loads the live balance unless present: database balance − every instance's unflushed credits */
  init(clientId: string, dbBalance: number, own: OwnUsage): Promise<number>;
  /** the versions, read before the database balances that `reconcile` is given */
  versions(clientIds: readonly string[]): Promise<string[]>;
  /** recomputes the live balance from the database, unless a ledger write or a flush came in between */
  reconcile(clientId: string, dbBalance: number, own: OwnUsage, version: string): Promise<boolean>;
  /** marks a flush of this client's usage as writing (ledger and live balance briefly disagree) */
  flushBegin(clientId: string): Promise<void>;
  /** the flush is over; `committedCredits` are in the ledger now (0 if it failed), `own` is what is left */
  flushEnd(clientId: string, committedCredits: number | null, own: OwnUsage): Promise<void>;
};

// ---- one process --------------------------------------------------------------------------------

export function createMemoryLiveBalances(): LiveBalances {
  const live = new Map<string, number>();
  const version = new Map<string, number>();
  const flushing = new Map<string, number>();
  const bump = (clientId: string) => version.set(clientId, (version.get(clientId) ?? 0) + 1);
  return {
    async charge(clientId, credits) {
      const current = live.get(clientId);
      if (current === undefined) return { state: "missing" };
      if (current <= 0) return { state: "refused", remaining: current };
      live.set(clientId, current - credits);
      return { state: "admitted", remaining: current - credits };
    },
    async refund(clientId, credits) {
      const current = live.get(clientId);
      if (current !== undefined) live.set(clientId, current + credits);
    },
    async applyDelta(clientId, delta) {
      bump(clientId);
      const current = live.get(clientId);
      if (current !== undefined) live.set(clientId, current + delta);
    },
    async get(clientId) {
      return live.get(clientId) ?? null;
    },
    async init(clientId, dbBalance, own) {
      const current = live.get(clientId);
      if (current !== undefined) return current;
      live.set(clientId, dbBalance - own.pending);
      return dbBalance - own.pending;
    },
    async versions(clientIds) {
      return clientIds.map((id) => String(version.get(id) ?? 0));
    },
    async reconcile(clientId, dbBalance, own, expected) {
      if (String(version.get(clientId) ?? 0) !== expected || (flushing.get(clientId) ?? 0) > 0) return false;
      live.set(clientId, dbBalance - own.pending);
      return true;
    },
    async flushBegin(clientId) {
      flushing.set(clientId, (flushing.get(clientId) ?? 0) + 1);
    },
    async flushEnd(clientId, committedCredits) {
      flushing.set(clientId, Math.max(0, (flushing.get(clientId) ?? 0) - 1));
      if (committedCredits !== null) bump(clientId);
    },
  };
}

// ---- Redis, shared by every instance ------------------------------------------------------------

// Sums the unflushed credits of live instances; drops the share of one silent for longer than ARGV stale.
const PENDING_SUM = `
local function pendingSum(pendKey, seenKey, self, now, stale)
  local sum = 0
  local entries = redis.call('HGETALL', pendKey)
  for i = 1, #entries, 2 do
    local field = entries[i]
    local last = tonumber(redis.call('HGET', seenKey, field) or '0')
    if field == self or now - last <= stale then
      sum = sum + tonumber(entries[i + 1])
    else
      redis.call('HDEL', pendKey, field)
      redis.call('HDEL', seenKey, field)
    end
  end
  return sum
end
local function touch(keys, ttl)
  for _, key in ipairs(keys) do redis.call('PEXPIRE', key, ttl) end
end
`;

// This instance's share of the unflushed credits moves by `delta`; a share lost with the keys is first
// restored from what the instance knows (`estimate`, the share before this change).
const MOVE_SHARE = `
local function moveShare(pendKey, self, delta, estimate)
  if redis.call('HEXISTS', pendKey, self) == 1 then
    redis.call('HINCRBY', pendKey, self, delta)
  else
    redis.call('HSET', pendKey, self, tonumber(estimate) + tonumber(delta))
  end
end
`;

// KEYS: live, pend · ARGV: credits, instance, estimate
const CHARGE = `${MOVE_SHARE}
local v = redis.call('GET', KEYS[1])
if not v then return {-1, 0} end
v = tonumber(v)
if v <= 0 then return {0, v} end
v = redis.call('DECRBY', KEYS[1], ARGV[1])
moveShare(KEYS[2], ARGV[2], ARGV[1], ARGV[3])
return {1, v}
`;

// KEYS: live, pend · ARGV: credits, instance, estimate
const REFUND = `${MOVE_SHARE}
if redis.call('EXISTS', KEYS[1]) == 1 then redis.call('INCRBY', KEYS[1], ARGV[1]) end
moveShare(KEYS[2], ARGV[2], -tonumber(ARGV[1]), ARGV[3])
return 1
`;

// KEYS: live, version · ARGV: delta
const APPLY_DELTA = `
redis.call('INCR', KEYS[2])
if redis.call('EXISTS', KEYS[1]) == 1 then redis.call('INCRBY', KEYS[1], ARGV[1]) end
return 1
`;

// KEYS: live, pend, seen, version, flushing · ARGV: dbBalance, estimate, instance, now, stale, ttl
const INIT = `${PENDING_SUM}
redis.call('HSETNX', KEYS[2], ARGV[3], ARGV[2])
redis.call('HSET', KEYS[3], ARGV[3], ARGV[4])
local v = redis.call('GET', KEYS[1])
if not v then
  v = tonumber(ARGV[1]) - pendingSum(KEYS[2], KEYS[3], ARGV[3], tonumber(ARGV[4]), tonumber(ARGV[5]))
  redis.call('SET', KEYS[1], v)
end
touch({KEYS[1], KEYS[2], KEYS[3], KEYS[4]}, ARGV[6])
return tonumber(v)
`;

// KEYS: live, pend, seen, version, flushing · ARGV: dbBalance, estimate, instance, now, stale, ttl, version
const RECONCILE = `${PENDING_SUM}
redis.call('HSETNX', KEYS[2], ARGV[3], ARGV[2])
redis.call('HSET', KEYS[3], ARGV[3], ARGV[4])
touch({KEYS[2], KEYS[3], KEYS[4]}, ARGV[6])
if (redis.call('GET', KEYS[4]) or '0') ~= ARGV[7] then return 0 end
if tonumber(redis.call('GET', KEYS[5]) or '0') > 0 then return 0 end
local v = tonumber(ARGV[1]) - pendingSum(KEYS[2], KEYS[3], ARGV[3], tonumber(ARGV[4]), tonumber(ARGV[5]))
redis.call('SET', KEYS[1], v, 'PX', ARGV[6])
return 1
`;

// KEYS: flushing · ARGV: ttl (a crashed flusher's marker expires)
const FLUSH_BEGIN = `
redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return 1
`;

// KEYS: flushing, pend, version · ARGV: committed credits (-1: failed), instance, estimate after
const FLUSH_END = `${MOVE_SHARE}
if tonumber(redis.call('DECR', KEYS[1])) <= 0 then redis.call('DEL', KEYS[1]) end
local committed = tonumber(ARGV[1])
if committed >= 0 then
  moveShare(KEYS[2], ARGV[2], -committed, tonumber(ARGV[3]) + committed)
  redis.call('INCR', KEYS[3])
end
return 1
`;

type Script = { source: string; sha: string };
const script = (source: string): Script => ({
  source,
  sha: createHash("sha1").update(source).digest("hex"),
});
const SCRIPTS = {
  charge: script(CHARGE),
  refund: script(REFUND),
  applyDelta: script(APPLY_DELTA),
  init: script(INIT),
  reconcile: script(RECONCILE),
  flushBegin: script(FLUSH_BEGIN),
  flushEnd: script(FLUSH_END),
};

export type RedisLiveBalancesOptions = {
  redis: Redis;
  keyPrefix: string;
  /** this instance's name in the shared counters */
  instanceId: string;
  now: () => number;
  /** an instance silent for longer than this has its unflushed share dropped */
  staleAfterMs: number;
  /** keys of a client no instance has touched for this long expire */
  keyTtlMs: number;
};

export function createRedisLiveBalances(options: RedisLiveBalancesOptions): LiveBalances {
  const { redis, instanceId } = options;
  // One hash tag per client: its keys live in one slot, so the scripts also run on Redis Cluster.
  const keys = (clientId: string) => {
    const base = `${options.keyPrefix}:{${clientId}}`;
    return {
      live: `${base}:live`,
      pend: `${base}:pend`,
      seen: `${base}:seen`,
      version: `${base}:version`,
      flushing: `${base}:flushing`,
    };
  };

  async function run(name: keyof typeof SCRIPTS, keyList: string[], args: (string | number)[]) {
    const { source, sha } = SCRIPTS[name];
    try {
      return await redis.evalsha(sha, keyList.length, ...keyList, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith("NOSCRIPT")) throw error;
      return redis.eval(source, keyList.length, ...keyList, ...args);
    }
  }

  const all = (k: ReturnType<typeof keys>) => [k.live, k.pend, k.seen, k.version, k.flushing];

  return {
    async charge(clientId, credits, own) {
      const k = keys(clientId);
      const [state, value] = (await run("charge", [k.live, k.pend], [credits, instanceId, own.applied])) as [
        number,
        number,
      ];
      if (state === -1) return { state: "missing" };
      return { state: state === 1 ? "admitted" : "refused", remaining: Number(value) };
    },
    async refund(clientId, credits, own) {
      const k = keys(clientId);
      // The estimate is the share before the refund.
      await run("refund", [k.live, k.pend], [credits, instanceId, own.applied + credits]);
    },
    async applyDelta(clientId, delta) {
      const k = keys(clientId);
      await run("applyDelta", [k.live, k.version], [delta]);
    },
    async get(clientId) {
      const value = await redis.get(keys(clientId).live);
      return value === null ? null : Number(value);
    },
    async init(clientId, dbBalance, own) {
      const value = await run("init", all(keys(clientId)), [
        dbBalance,
        own.applied,
        instanceId,
        options.now(),
        options.staleAfterMs,
        options.keyTtlMs,
      ]);
      return Number(value);
    },
    async versions(clientIds) {
      if (clientIds.length === 0) return [];
      const values = await redis.mget(clientIds.map((id) => keys(id).version));
      return values.map((v) => v ?? "0");
    },
    async reconcile(clientId, dbBalance, own, version) {
      const result = await run("reconcile", all(keys(clientId)), [
        dbBalance,
        own.applied,
        instanceId,
        options.now(),
        options.staleAfterMs,
        options.keyTtlMs,
        version,
      ]);
      return Number(result) === 1;
    },
    async flushBegin(clientId) {
      await run("flushBegin", [keys(clientId).flushing], [Math.max(60_000, options.staleAfterMs)]);
    },
    async flushEnd(clientId, committedCredits, own) {
      const k = keys(clientId);
      await run(
        "flushEnd",
        [k.flushing, k.pend, k.version],
        [committedCredits ?? -1, instanceId, own.applied],
      );
    },
  };
}

// ---- Redis while it is up, this process while it is not ----------------------------------------

/**
 * Redis's store while Redis answers; while it does not (absent, or a command over its timeout), this
 * instance's own memory, loaded afresh from the database at each outage (issue 23). Meanwhile each
 * instance admits calls against its own view of the balance, so the overdraw bound of
 * docs/api/credits.md holds per instance; once Redis is back, the meter's next flush and recomputation
 * (every few seconds) bring the shared balance up to date with the ledger.
 */
export function createFailoverLiveBalances(shared: LiveBalances, watch: RedisWatch): LiveBalances {
  let memory: LiveBalances | undefined;
  const local = () => (memory ??= createMemoryLiveBalances());
  watch.onRecovered(() => {
    memory = undefined;
  });
  function either<A extends unknown[], R>(pick: (store: LiveBalances) => (...args: A) => Promise<R>) {
    return async (...args: A): Promise<R> => {
      if (watch.ready) {
        try {
          return await pick(shared).apply(shared, args);
        } catch {
          // Redis went away (or is hung) this moment: this call is answered from memory.
        }
      }
      const store = local();
      return pick(store).apply(store, args);
    };
  }
  return {
    charge: either((s) => s.charge),
    refund: either((s) => s.refund),
    applyDelta: either((s) => s.applyDelta),
    get: either((s) => s.get),
    init: either((s) => s.init),
    versions: either((s) => s.versions),
    reconcile: either((s) => s.reconcile),
    flushBegin: either((s) => s.flushBegin),
    flushEnd: either((s) => s.flushEnd),
  };
}
