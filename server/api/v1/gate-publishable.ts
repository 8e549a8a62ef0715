// The gate's rule for publishable keys: only from the client's registered sites (Origin, else Referer),
// and only for the widget's operations.
import { API_OPERATIONS } from "../../../core/api/operations.ts";
import type { ApiKeyPrincipal } from "../../../core/key-directory/key-directory-types.ts";
import { isOriginAllowed } from "../../../core/domains/origin-allowed.ts";
import { corsHeaders } from "./cors.ts";
import type { CallUsage } from "./gate-call-usage.ts";
import type { GateCall } from "./gate-call.ts";

export const ORIGIN_REFUSAL_DETAIL =
  "Publishable keys work only from the client's registered domains (Origin, else Referer); this request " +
  "comes from elsewhere or says nothing about where it comes from.";

/** The refusal of a publishable key's call, or undefined (also for secret keys); adds the CORS headers. */
export function refusePublishable(
  call: GateCall,
  principal: ApiKeyPrincipal,
  origin: string | undefined,
  usage: CallUsage,
): Response | undefined {
  const { c, operation, anyOrigin, headers, fail } = call;
  if (principal.kind !== "publishable") return undefined;
  if (
    !isOriginAllowed(principal.domains, {
      origin: c.req.header("origin"),
      referer: c.req.header("referer"),
    })
  ) {
    usage.record(0, true);
    return fail(
      "origin-not-allowed",
      ORIGIN_REFUSAL_DETAIL,
      // The refused page may read the refusal (it holds nothing but the error): the widget shows
      // "domain not allowed" instead of a network failure it could not tell from being offline.
      anyOrigin,
    );
  }
  if (origin) Object.assign(headers, corsHeaders(origin));
  if (!API_OPERATIONS[operation].publishable) {
    usage.record(0, true);
    return fail(
      "operation-not-allowed",
      `Publishable keys may not call ${operation}: use a secret key from your server.`,
      headers,
    );
  }
  return undefined;
}
