// Failed sign-ins are limited per account: after too many failures in a window the account refuses
// every attempt — the right password too — until the window has passed. (Per IP is better-auth's limiter.)
import { LRUCache } from "lru-cache";

export const SIGN_IN_FAILURE_LIMIT = 5;
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;

export type SignInThrottle = {
  /** ms until the account may try again, or 0 */
  retryAfterMs: (email: string, now?: number) => number;
  recordFailure: (email: string, now?: number) => void;
  reset: (email: string) => void;
};

/** In-process counters (one instance); a Redis-backed variant shares them between instances. */
export function createMemorySignInThrottle(
  options: { limit?: number; windowMs?: number } = {},
): SignInThrottle {
  const limit = options.limit ?? SIGN_IN_FAILURE_LIMIT;
  const windowMs = options.windowMs ?? SIGN_IN_WINDOW_MS;
  const failures = new LRUCache<string, number[]>({ max: 50_000, ttl: windowMs });
  const key = (email: string) => email.trim().toLowerCase();
  const recent = (email: string, now: number) =>
    (failures.get(key(email)) ?? []).filter((t) => now - t < windowMs);
  return {
    retryAfterMs(email, now = Date.now()) {
      const times = recent(email, now);
      if (times.length < limit) return 0;
      // Locked until the failure that tipped the limit leaves the window.
      return Math.max(0, times[times.length - limit]! + windowMs - now);
    },
    recordFailure(email, now = Date.now()) {
      failures.set(key(email), [...recent(email, now), now]);
    },
    reset(email) {
      failures.delete(key(email));
    },
  };
}
