// The gate's rate limit: the key's requests a minute (RateLimit-* headers on every answer from here on;
// 429 + Retry-After past it).
import type { ApiKeyPrincipal } from "../../../core/key-directory/key-directory-types.ts";
import type { CallUsage } from "./gate-call-usage.ts";
import type { GateCall } from "./gate-call.ts";

/** The RateLimit-* headers of a rate decision (every answer from the rate limit on carries them). */
export function rateLimitHeaders(rate: { limit: number; remaining: number; resetSeconds: number }) {
  return {
    "RateLimit-Limit": String(rate.limit),
    "RateLimit-Remaining": String(rate.remaining),
    "RateLimit-Reset": String(rate.resetSeconds),
    "RateLimit-Policy": `${rate.limit};w=60`,
  };
}

/** The 429 answer when the key is over its limit, else undefined. */
export async function limitRate(
  { services, headers, fail }: GateCall,
  principal: ApiKeyPrincipal,
  usage: CallUsage,
): Promise<Response | undefined> {
  const rate = await usage.counting(
    services.apiLimits.consume(principal.keyId, principal.rateLimitPerMinute),
  );
  Object.assign(headers, rateLimitHeaders(rate));
  if (rate.allowed) return undefined;
  usage.record(0, true);
  return fail(
    "rate-limited",
    `This key may make ${rate.limit} requests a minute. Try again in ${rate.resetSeconds} seconds.`,
    headers,
    { retry_after: rate.resetSeconds },
  );
}
