// Rate limits of the account lifecycle, in one place: better-auth's `hooks.before` (core/auth/auth-hooks.ts)
// calls them for every auth endpoint, over HTTP and from studio actions alike, and our own operations
// (register, resend the confirmation, confirm) call them directly. Counters live in memory, or in Redis
// when REDIS_URL is set so that every instance shares them.
//
// Sign-in failures are counted per account and client address together: five wrong passwords make that
// pair wait, not the account — the owner signs in from elsewhere. A slower limit per account (50 failures
// an hour) still stops a spread-out attack. A successful password reset clears the account's counters.
import type { Redis } from "ioredis";
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from "rate-limiter-flexible";
import { AppError } from "../errors.ts";

type Rule = { points: number; durationSeconds: number };

/** Each limit: at most `points` in `durationSeconds`. */
export const AUTH_LIMIT_RULES = {
  /** sign-in attempts from one client address */
  signInIp: { points: 60, durationSeconds: 15 * 60 },
  /** wrong passwords for one account from one client address */
  signInFailurePair: { points: 5, durationSeconds: 15 * 60 },
  /** wrong passwords for one account from anywhere */
  signInFailureAccount: { points: 50, durationSeconds: 60 * 60 },
  signUpIp: { points: 10, durationSeconds: 60 * 60 },
  signUpAccount: { points: 5, durationSeconds: 60 * 60 },
  resetIp: { points: 10, durationSeconds: 60 * 60 },
  resetAccount: { points: 5, durationSeconds: 60 * 60 },
  resendIp: { points: 10, durationSeconds: 60 * 60 },
  resendAccount: { points: 5, durationSeconds: 60 * 60 },
  confirmIp: { points: 30, durationSeconds: 15 * 60 },
  emailChangeIp: { points: 10, durationSeconds: 60 * 60 },
  emailChangeAccount: { points: 5, durationSeconds: 60 * 60 },
  /** checks of the current password (change password, verify password): each one is an oracle */
  passwordCheckIp: { points: 20, durationSeconds: 15 * 60 },
  passwordCheckAccount: { points: 10, durationSeconds: 15 * 60 },
  /** bumped by a password reset: part of the pair key, so every address's pair counter starts afresh */
  signInEpoch: { points: 1_000_000, durationSeconds: 60 * 60 },
  /** confirmation or reset e-mails to one address (beyond: silently not sent) */
  mailPerAddress: { points: 3, durationSeconds: 60 * 60 },
  /** "follow a film" forms from one client address, and to one e-mail address (beyond: silently no mail) */
  alertSubscribeIp: { points: 10, durationSeconds: 60 * 60 },
  alertSubscribeAddress: { points: 3, durationSeconds: 60 * 60 },
  /** alert confirmation and unsubscribe links tried from one client address */
  alertTokenIp: { points: 30, durationSeconds: 15 * 60 },
  /** image uploads by one person, and into one library (a client's, or the platform's): renders are costly */
  assetUploadPerson: { points: 60, durationSeconds: 60 * 60 },
  assetUploadOwner: { points: 300, durationSeconds: 60 * 60 },
} as const satisfies Record<string, Rule>;

export type AuthLimitName = keyof typeof AUTH_LIMIT_RULES;

/**
 * The counters. They answer with numbers, never with errors: the server creates them once, while the
 * operations that read them may be bundled separately (the app build), so each caller turns a refusal
 * into its own AppError (see `consumeLimit`).
 */
export type AuthLimits = {
  /** counts one event; 0 when within the limit, else the milliseconds until the next is allowed */
  take: (name: AuthLimitName, key: string) => Promise<number>;
  /** like `take` without counting: 0 unless the limit is already reached */
  peek: (name: AuthLimitName, key: string) => Promise<number>;
  /** how many events the key has counted in its current window */
  count: (name: AuthLimitName, key: string) => Promise<number>;
  /** forgets a key's count */
  clear: (name: AuthLimitName, key: string) => Promise<void>;
};

export type AuthLimitsOptions = {
  /** shared counters; memory when absent */
  redis?: Redis;
  /** distinguishes this deployment's (or this test's) keys in Redis */
  keyPrefix?: string;
  /** replaces rules (tests) */
  rules?: Partial<Record<AuthLimitName, Rule>>;
};

/** The key of an account: its e-mail address, normalized. */
export const accountKey = (email: string) => email.trim().toLowerCase();

function tooMany(msBeforeNext: number) {
  return new AppError("rate_limited", "auth.tooManyAttempts", {
    retryAfterSeconds: Math.max(1, Math.ceil(msBeforeNext / 1000)),
  });
}

export function createAuthLimits(options: AuthLimitsOptions = {}): AuthLimits {
  const prefix = options.keyPrefix ?? "reeltime:auth";
  const limiters = new Map<AuthLimitName, RateLimiterAbstract>();
  const limiter = (name: AuthLimitName) => {
    let found = limiters.get(name);
    if (!found) {
      const rule = options.rules?.[name] ?? AUTH_LIMIT_RULES[name];
      const base = { keyPrefix: `${prefix}:${name}`, points: rule.points, duration: rule.durationSeconds };
      // While Redis is away, this instance counts alone (issue 23): a request never waits for it.
      found = options.redis
        ? new RateLimiterRedis({
            ...base,
            storeClient: options.redis,
            rejectIfRedisNotReady: true,
            insuranceLimiter: new RateLimiterMemory({ ...base, keyPrefix: `${base.keyPrefix}:insurance` }),
          })
        : new RateLimiterMemory(base);
      limiters.set(name, found);
    }
    return found;
  };

  return {
    async take(name, key) {
      try {
        await limiter(name).consume(key);
        return 0;
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return Math.max(1, rejection.msBeforeNext);
        throw rejection;
      }
    },
    async peek(name, key) {
      const l = limiter(name);
      const state = await l.get(key);
      return state && state.consumedPoints >= l.points ? Math.max(1, state.msBeforeNext) : 0;
    },
    async count(name, key) {
      return (await limiter(name).get(key))?.consumedPoints ?? 0;
    },
    async clear(name, key) {
      await limiter(name).delete(key);
    },
  };
}

/** Counts one attempt; over the limit: AppError rate_limited (auth.tooManyAttempts) with Retry-After. */
export async function consumeLimit(limits: AuthLimits, name: AuthLimitName, key: string) {
  const wait = await limits.take(name, key);
  if (wait > 0) throw tooMany(wait);
}

/** Refuses like `consumeLimit` while the limit is reached, without counting. */
export async function checkLimit(limits: AuthLimits, name: AuthLimitName, key: string) {
  const wait = await limits.peek(name, key);
  if (wait > 0) throw tooMany(wait);
}

/** Counts one event and says whether it is still within the limit. */
export async function withinLimit(limits: AuthLimits, name: AuthLimitName, key: string) {
  return (await limits.take(name, key)) === 0;
}

/** Limits per client address apply only when the server's edge established one. */
export async function consumeIpAndAccount(
  limits: AuthLimits,
  names: { ip: AuthLimitName; account: AuthLimitName },
  input: { ip?: string; email?: string },
) {
  if (input.ip) await consumeLimit(limits, names.ip, input.ip);
  if (input.email) await consumeLimit(limits, names.account, accountKey(input.email));
}

async function pairKey(limits: AuthLimits, account: string, ip: string | undefined) {
  return `${account}|${ip ?? "unknown"}|${await limits.count("signInEpoch", account)}`;
}

/** The sign-in lockout: refuses while this account+address pair, or the account as a whole, must wait. */
export async function checkSignInLock(limits: AuthLimits, input: { email: string; ip?: string }) {
  const account = accountKey(input.email);
  await checkLimit(limits, "signInFailurePair", await pairKey(limits, account, input.ip));
  await checkLimit(limits, "signInFailureAccount", account);
}

export async function recordSignInFailure(limits: AuthLimits, input: { email: string; ip?: string }) {
  const account = accountKey(input.email);
  await limits.take("signInFailurePair", await pairKey(limits, account, input.ip));
  await limits.take("signInFailureAccount", account);
}

export async function clearSignInPair(limits: AuthLimits, input: { email: string; ip?: string }) {
  const account = accountKey(input.email);
  await limits.clear("signInFailurePair", await pairKey(limits, account, input.ip));
}

/** After a successful password reset the account starts afresh, from every address. */
export async function clearAccountLimits(limits: AuthLimits, email: string) {
  const account = accountKey(email);
  await limits.take("signInEpoch", account);
  await limits.clear("signInFailureAccount", account);
  await limits.clear("passwordCheckAccount", account);
}
