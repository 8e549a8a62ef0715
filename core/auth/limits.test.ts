import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isAppError } from "../errors.ts";
import {
  checkSignInLock,
  clearAccountLimits,
  consumeIpAndAccount,
  createAuthLimits,
  recordSignInFailure,
  withinLimit,
  type AuthLimits,
} from "./limits.ts";

const redisUrl = process.env.TEST_REDIS_URL;
const redis = redisUrl ? new Redis(redisUrl) : undefined;
// Until connected the limits count in memory (they never wait for Redis): these tests are about Redis.
beforeAll(() =>
  !redis || redis.status === "ready" ? undefined : new Promise((ready) => redis.once("ready", ready)),
);
afterAll(async () => {
  await redis?.quit();
});

const stores: [string, () => AuthLimits][] = [
  ["memory", () => createAuthLimits()],
  ...(redis
    ? ([["redis", () => createAuthLimits({ redis, keyPrefix: `test:${randomUUID()}` })]] as [
        string,
        () => AuthLimits,
      ][])
    : []),
];

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
    return null;
  } catch (error) {
    return isAppError(error) ? error : Promise.reject(error);
  }
}

describe.each(stores)("auth limits (%s)", (_store, create) => {
  it("locks an account+address pair after five failures, not the account from elsewhere", async () => {
    const limits = create();
    const target = { email: "Target@Example.com", ip: "192.0.2.1" };
    for (let i = 0; i < 5; i++) {
      expect(await refusal(checkSignInLock(limits, target))).toBeNull();
      await recordSignInFailure(limits, target);
    }
    const locked = await refusal(checkSignInLock(limits, target));
    expect(locked?.reason).toBe("auth.tooManyAttempts");
    expect(locked?.status).toBe(429);
    expect(locked?.retryAfterSeconds).toBeGreaterThan(0);
    expect(await refusal(checkSignInLock(limits, { ...target, ip: "192.0.2.2" }))).toBeNull();
  });

  it("holds a slower limit per account across addresses, cleared by a password reset", async () => {
    const limits = create();
    const email = "spread@example.com";
    for (let i = 0; i < 50; i++) await recordSignInFailure(limits, { email, ip: `198.51.100.${i}` });
    expect((await refusal(checkSignInLock(limits, { email, ip: "203.0.113.1" })))?.reason).toBe(
      "auth.tooManyAttempts",
    );
    await clearAccountLimits(limits, email);
    expect(await refusal(checkSignInLock(limits, { email, ip: "203.0.113.1" }))).toBeNull();
    // Pair counters from before the reset no longer count either.
    expect(await refusal(checkSignInLock(limits, { email, ip: "198.51.100.1" }))).toBeNull();
  });

  it("limits per address and per account independently", async () => {
    const limits = create();
    const names = { ip: "resetIp", account: "resetAccount" } as const;
    for (let i = 0; i < 5; i++)
      expect(
        await refusal(consumeIpAndAccount(limits, names, { ip: `192.0.2.${i}`, email: "a@example.com" })),
      ).toBeNull();
    expect(
      await refusal(consumeIpAndAccount(limits, names, { ip: "192.0.2.99", email: "a@example.com" })),
    ).not.toBeNull();
    for (let i = 0; i < 10; i++)
      expect(
        await refusal(consumeIpAndAccount(limits, names, { ip: "192.0.2.50", email: `u${i}@example.com` })),
      ).toBeNull();
    expect(
      await refusal(consumeIpAndAccount(limits, names, { ip: "192.0.2.50", email: "new@example.com" })),
    ).not.toBeNull();
  });

  it("caps mails per address at three an hour", async () => {
    const limits = create();
    const sent = [];
    for (let i = 0; i < 5; i++)
      sent.push(await withinLimit(limits, "mailPerAddress", "confirm:x@example.com"));
    expect(sent).toEqual([true, true, true, false, false]);
  });
});
