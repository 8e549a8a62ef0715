// The one wrapper every API operation runs through, in this order:
//   key (Authorization: Bearer, else X-API-Key) → the key directory (cached) → publishable keys: the
//   client's registered origins and the widget's operations only → the key's rate limit (RateLimit-*
//   headers on every answer from here on; 429 + Retry-After) → credits: the operation's cost reserved
//   (402 at a zero balance; X-Credits-Cost / X-Credits-Remaining) → the response cache → validation and
//   the handler → a failed answer (non-2xx) or a 304 gives the credits back, and so does an answer the
//   client left before it was written (server/delivery.ts) → the call is metered and the key's last use
//   noted (both buffered, written in batches).
// Each step has its file: gate-key.ts, gate-publishable.ts, gate-rate-limit.ts, gate-credits.ts,
// gate-answer.ts; gate-call-usage.ts counts the call.
import type { MiddlewareHandler } from "hono";
import type { ApiOperationId } from "../../../core/api/operations.ts";
import type { AppServices } from "../../../core/services.ts";
import type { ApiEnv } from "./api-env.ts";
import { browserOrigin, corsHeaders } from "./cors.ts";
import { answerThroughCache } from "./gate-answer.ts";
import type { GateCall } from "./gate-call.ts";
import { callUsage } from "./gate-call-usage.ts";
import { creditSettlement, reserveCredits } from "./gate-credits.ts";
import { identifyCaller } from "./gate-key.ts";
import { refusePublishable } from "./gate-publishable.ts";
import { limitRate } from "./gate-rate-limit.ts";
import { problemResponse } from "./problem.ts";

export { presentedKey, REFUSAL_DETAIL } from "./gate-key.ts";
export { ORIGIN_REFUSAL_DETAIL } from "./gate-publishable.ts";
export { rateLimitHeaders } from "./gate-rate-limit.ts";

export type GateDeps = { services: AppServices; baseUrl: string };

export function gate(deps: GateDeps, operation: ApiOperationId): MiddlewareHandler<ApiEnv> {
  const { services, baseUrl } = deps;

  return async (c, next) => {
    const origin = browserOrigin(c.req.header("origin"));
    const call: GateCall = {
      c,
      services,
      operation,
      anyOrigin: origin ? corsHeaders(origin) : {},
      headers: {},
      fail: (kind, detail, headers, extras = {}) =>
        problemResponse(c, baseUrl, kind, detail, extras, headers),
    };

    const principal = await identifyCaller(call);
    if (principal instanceof Response) return principal;
    c.set("principal", principal);
    const usage = callUsage(services, principal, operation);

    const refused =
      refusePublishable(call, principal, origin, usage) ?? (await limitRate(call, principal, usage));
    if (refused) return refused;
    const reservation = await reserveCredits(call, principal, usage);
    if (reservation instanceof Response) return reservation;

    const settle = creditSettlement(call, principal, reservation, usage);
    try {
      await answerThroughCache(call, principal, next, settle);
    } catch (error) {
      await settle(500).catch(() => {});
      throw error;
    }
  };
}
