// The gate's first step, who is asking: the key the request presents (Authorization: Bearer, else
// X-API-Key), checked by the key directory (cached).
import type { ApiKeyPrincipal, ApiKeyRefusal } from "../../../core/key-directory/key-directory-types.ts";
import type { GateCall } from "./gate-call.ts";

export const REFUSAL_DETAIL: Record<ApiKeyRefusal, string> = {
  malformed:
    "This is not a Reeltime API key: keys start with rt_sk_ or rt_pk_ followed by 32 letters and digits.",
  unknown: "No such API key. Check for a copying mistake, or create a key in the studio.",
  revoked: "This API key was revoked.",
  expired: "This API key has expired. Rotate it or create a new one in the studio.",
  "client-suspended": "The client this API key belongs to is suspended.",
};

type PresentedKey = { kind: "none" } | { kind: "malformed"; detail: string } | { kind: "key"; key: string };

/** The key the request presents: `Authorization: Bearer <key>`, else `X-API-Key: <key>`. */
export function presentedKey(
  authorization: string | undefined,
  apiKeyHeader: string | undefined,
): PresentedKey {
  if (authorization !== undefined && authorization.trim() !== "") {
    const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization.trim());
    if (!match?.[1]) {
      return { kind: "malformed", detail: "The Authorization header must be `Bearer <key>`." };
    }
    return { kind: "key", key: match[1] };
  }
  const header = apiKeyHeader?.trim();
  return header ? { kind: "key", key: header } : { kind: "none" };
}

/** The caller whose key checked out, or the 401 answer. */
export async function identifyCaller(call: GateCall): Promise<ApiKeyPrincipal | Response> {
  const { c, services, operation, anyOrigin, fail } = call;
  const presented = presentedKey(c.req.header("authorization"), c.req.header("x-api-key"));
  if (presented.kind === "none") {
    return fail(
      "missing-api-key",
      "Send your API key as `Authorization: Bearer <key>` or `X-API-Key: <key>`.",
      { ...anyOrigin, "WWW-Authenticate": 'Bearer realm="reeltime"' },
    );
  }
  if (presented.kind === "malformed") {
    return fail("invalid-api-key", presented.detail, {
      ...anyOrigin,
      "WWW-Authenticate": 'Bearer realm="reeltime"',
    });
  }
  const check = await services.apiKeys.authenticate(presented.key).catch((error: unknown) => {
    // The database could not check the key (it is away): a key it knew shortly before still gets the
    // failed call counted in its usage (an error, no credits), written once the database is back.
    const known = services.apiKeys.lastKnown(presented.key);
    if (known) {
      services.credits.meter.record({
        clientId: known.clientId,
        apiKeyId: known.keyId,
        operation,
        credits: 0,
        error: true,
        at: services.now(),
      });
    }
    throw error;
  });
  if (!check.ok) {
    return fail("invalid-api-key", REFUSAL_DETAIL[check.refusal], {
      ...anyOrigin,
      "WWW-Authenticate": 'Bearer realm="reeltime", error="invalid_token"',
    });
  }
  return check.principal;
}
