// The per-key rate limit of the public API: at most the key's `rateLimitPerMinute` requests in a fixed
// one-minute window (rate-limiter-flexible), counted in memory or, with REDIS_URL, in Redis shared by every
// instance. Should Redis fail, each instance counts in memory meanwhile rather than refusing everyone.
import type { Redis } from "ioredis";
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from "rate-limiter-flexible";

export const API_RATE_WINDOW_SECONDS = 60;

export type ApiRateDecision = {
  allowed: boolean;
  /** requests allowed per window */
  limit: number;
  /** requests left in this window */
  remaining: number;
  /** whole seconds until the window resets */
  resetSeconds: number;
};

export type ApiRateLimits = {
  /** counts one request of the key */
  consume(keyId: string, perMinute: number): Promise<ApiRateDecision>;
};

export type ApiRateLimitsOptions = { redis?: Redis; keyPrefix?: string };

export function createApiRateLimits(options: ApiRateLimitsOptions = {}): ApiRateLimits {
  const keyPrefix = options.keyPrefix ?? "reeltime:api-rate";
  // One limiter per limit value: the points are fixed per limiter; the counters (per key) are shared.
  const limiters = new Map<number, RateLimiterAbstract>();
  const limiter = (points: number) => {
    let found = limiters.get(points);
    if (!found) {
      const base = { keyPrefix, points, duration: API_RATE_WINDOW_SECONDS };
      found = options.redis
        ? new RateLimiterRedis({
            ...base,
            storeClient: options.redis,
            // While Redis is away, this instance counts alone (issue 23): a request never waits for it.
            rejectIfRedisNotReady: true,
            insuranceLimiter: new RateLimiterMemory({ ...base, keyPrefix: `${keyPrefix}:insurance` }),
          })
        : new RateLimiterMemory(base);
      limiters.set(points, found);
    }
    return found;
  };
  return {
    async consume(keyId, perMinute) {
      const limit = Math.max(1, Math.floor(perMinute));
      const decide = (res: RateLimiterRes, allowed: boolean): ApiRateDecision => ({
        allowed,
        limit,
        remaining: Math.max(0, res.remainingPoints),
        resetSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
      });
      try {
        return decide(await limiter(limit).consume(keyId), true);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return decide(rejection, false);
        throw rejection;
      }
    },
  };
}
