// Which live balance store a meter uses: Redis shared by every instance (failing over to this process's
// memory while Redis is down, when a watch says so), or this process's memory alone.
import {
  createFailoverLiveBalances,
  createMemoryLiveBalances,
  createRedisLiveBalances,
  type LiveBalances,
} from "./live-balances.ts";
import type { CreditMeterOptions } from "./meter-options.ts";

const KEY_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export function selectLiveBalances(
  options: Pick<
    CreditMeterOptions,
    "redis" | "watch" | "keyPrefix" | "now" | "staleAfterMs" | "flushIntervalMs"
  >,
  instanceId: string,
): LiveBalances {
  const { now } = options;
  const shared = options.redis
    ? createRedisLiveBalances({
        redis: options.redis,
        keyPrefix: options.keyPrefix ?? "reeltime:credits",
        instanceId,
        now: () => now().getTime(),
        staleAfterMs: options.staleAfterMs ?? Math.max(30_000, options.flushIntervalMs * 10),
        keyTtlMs: KEY_TTL_MS,
      })
    : undefined;
  return !shared
    ? createMemoryLiveBalances()
    : options.watch
      ? createFailoverLiveBalances(shared, options.watch)
      : shared;
}
