// The gate's credits: the operation's cost reserved before the handler runs (402 at a zero balance), then
// settled by the answer: a failed answer (non-2xx) or a 304 gives the credits back, and so does an answer
// the client left before it was written (server/delivery.ts); a delivered one is charged.
import type { ApiKeyPrincipal } from "../../../core/key-directory/key-directory-types.ts";
import type { ChargeResult } from "../../../core/credits/credit-types.ts";
import { responseDelivered } from "../../delivery.ts";
import type { CallUsage } from "./gate-call-usage.ts";
import type { GateCall } from "./gate-call.ts";

export type CreditReservation = { cost: number; charge: ChargeResult };

/** The reserved cost, or the 402 answer when the balance is used up. */
export async function reserveCredits(
  { services, operation, headers, fail }: GateCall,
  principal: ApiKeyPrincipal,
  usage: CallUsage,
): Promise<CreditReservation | Response> {
  const cost = await usage.counting(services.credits.costs.costOf(operation));
  const charge = await usage.counting(services.credits.meter.charge(principal.clientId, cost));
  if (charge.admitted) return { cost, charge };
  headers["X-Credits-Cost"] = "0";
  headers["X-Credits-Remaining"] = String(charge.remaining);
  usage.record(0, true);
  return fail(
    "insufficient-credits",
    "Your client's credit balance is used up. Buy credits in the studio to continue; getUsage stays free.",
    headers,
  );
}

/**
 * Settles the reservation by the answer's status, once (later calls do nothing); sets X-Credits-Cost and
 * X-Credits-Remaining in the call's headers.
 */
export function creditSettlement(
  { c, services, headers }: GateCall,
  principal: ApiKeyPrincipal,
  { cost, charge }: CreditReservation,
  usage: CallUsage,
): (status: number) => Promise<void> {
  let settled = false;
  return async (status) => {
    if (settled) return;
    settled = true;
    const paid = status >= 200 && status < 300;
    headers["X-Credits-Cost"] = String(paid ? cost : 0);
    headers["X-Credits-Remaining"] = String(paid ? charge.remaining : charge.remaining + cost);
    if (!paid) {
      // Counted first: a refund that fails (the live balance store away) must not lose the call.
      usage.record(0, status >= 400);
      if (cost > 0) await services.credits.meter.refund(principal.clientId, cost);
      return;
    }
    // Charged once the answer has been written; a client gone before that pays nothing (the call is
    // counted as an error: 499, client closed the request). Until then the cost stays reserved.
    void responseDelivered(c).then(async (delivered) => {
      if (delivered) return usage.record(cost, false);
      try {
        if (cost > 0) await services.credits.meter.refund(principal.clientId, cost);
      } catch (error) {
        // The reservation is gone from this instance's count already; the next flush's recomputation
        // corrects the shared live balance.
        c.get("log").warn({ err: error }, "api: refund of an undelivered answer failed");
      }
      usage.record(0, true);
    });
  };
}
