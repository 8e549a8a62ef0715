// The one wrapper every API operation runs through, in this order:
//   key (Authorization: Bearer, else X-API-Key) → the key directory (cached) → publishable keys: the
//   client's registered origins and the widget's operations only → the key's rate limit (RateLimit-*
//   headers on every answer from here on; 429 + Retry-After) → credits: the operation's cost reserved
//   (402 at a zero balance; X-Credits-Cost / X-Credits-Remaining) → the response cache → validation and
//   the handler → a failed answer (non-2xx) or a 304 gives the credits back, and so does an answer the
//   client left before it was written (server/delivery.ts) → the call is metered and the key's last use
//   noted (both buffered, written in batches).
import type { MiddlewareHandler } from "hono";
import { API_OPERATIONS, type ApiOperationId } from "../../../core/api/operations.ts";
import type { CachedApiResponse } from "../../../core/api/response-cache.ts";
import type { ApiKeyRefusal } from "../../../core/api-keys/types.ts";
import { isOriginAllowed } from "../../../core/domains/origin-allowed.ts";
import type { AppServices } from "../../../core/services.ts";
import { responseDelivered } from "../../delivery.ts";
import type { ApiEnv } from "./api-env.ts";
import { browserOrigin, corsHeaders } from "./cors.ts";
import {
  CACHE_POLICY,
  CURATED_OPERATIONS,
  etagOf,
  KEYED_VARY,
  matchesIfNoneMatch,
  responseCacheKey,
} from "./http-cache.ts";
import { type ProblemExtras, type ProblemKind, problemResponse } from "./problem.ts";

export type GateDeps = { services: AppServices; baseUrl: string };

export const REFUSAL_DETAIL: Record<ApiKeyRefusal, string> = {
  malformed:
    "This is not a Reeltime API key: keys start with rt_sk_ or rt_pk_ followed by 32 letters and digits.",
  unknown: "No such API key. Check for a copying mistake, or create a key in the studio.",
  revoked: "This API key was revoked.",
  expired: "This API key has expired. Rotate it or create a new one in the studio.",
  "client-suspended": "The client this API key belongs to is suspended.",
};

export const ORIGIN_REFUSAL_DETAIL =
  "Publishable keys work only from the client's registered domains (Origin, else Referer); this request " +
  "comes from elsewhere or says nothing about where it comes from.";

/** The RateLimit-* headers of a rate decision (every answer from the rate limit on carries them). */
export function rateLimitHeaders(rate: { limit: number; remaining: number; resetSeconds: number }) {
  return {
    "RateLimit-Limit": String(rate.limit),
    "RateLimit-Remaining": String(rate.remaining),
    "RateLimit-Reset": String(rate.resetSeconds),
    "RateLimit-Policy": `${rate.limit};w=60`,
  };
}

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

/**
 * A cached answer's body as UTF-8 bytes, encoded once per entry: the in-memory cache hands out the same
 * entry object on every hit, and writing a prepared buffer skips measuring and encoding tens of
 * kilobytes of string on every request.
 */
const encodedBodies = new WeakMap<CachedApiResponse, Buffer<ArrayBuffer>>();
function bodyBytes(entry: CachedApiResponse): Buffer<ArrayBuffer> {
  let bytes = encodedBodies.get(entry);
  if (!bytes) {
    bytes = Buffer.from(entry.body);
    encodedBodies.set(entry, bytes);
  }
  return bytes;
}

export function gate(deps: GateDeps, operation: ApiOperationId): MiddlewareHandler<ApiEnv> {
  const { services, baseUrl } = deps;
  const policy = CACHE_POLICY[operation];
  const widgetOperation = API_OPERATIONS[operation].publishable;

  return async (c, next) => {
    const origin = browserOrigin(c.req.header("origin"));
    const fail = (
      kind: ProblemKind,
      detail: string,
      headers: Record<string, string>,
      extras: ProblemExtras = {},
    ) => problemResponse(c, baseUrl, kind, detail, extras, headers);

    // ---- who is asking --------------------------------------------------------------------------
    const presented = presentedKey(c.req.header("authorization"), c.req.header("x-api-key"));
    const anyOrigin = origin ? corsHeaders(origin) : {};
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
    const principal = check.principal;
    c.set("principal", principal);
    const now = services.now();
    const record = (credits: number, error: boolean) => {
      services.credits.meter.record({
        clientId: principal.clientId,
        apiKeyId: principal.keyId,
        operation,
        credits,
        error,
        at: now,
      });
      services.apiKeys.touch(principal.keyId, now);
    };
    /** A step before the call is settled (rate limit, cost, balance): if it fails, the call still counts. */
    const counting = async <T>(step: Promise<T>): Promise<T> => {
      try {
        return await step;
      } catch (error) {
        record(0, true);
        throw error;
      }
    };

    // ---- publishable keys: from the client's sites, for the widget's operations -----------------
    const headers: Record<string, string> = {};
    if (principal.kind === "publishable") {
      if (
        !isOriginAllowed(principal.domains, {
          origin: c.req.header("origin"),
          referer: c.req.header("referer"),
        })
      ) {
        record(0, true);
        return fail(
          "origin-not-allowed",
          ORIGIN_REFUSAL_DETAIL,
          // The refused page may read the refusal (it holds nothing but the error): the widget shows
          // "domain not allowed" instead of a network failure it could not tell from being offline.
          anyOrigin,
        );
      }
      if (origin) Object.assign(headers, corsHeaders(origin));
      if (!widgetOperation) {
        record(0, true);
        return fail(
          "operation-not-allowed",
          `Publishable keys may not call ${operation}: use a secret key from your server.`,
          headers,
        );
      }
    }

    // ---- rate limit ------------------------------------------------------------------------------
    const rate = await counting(services.apiLimits.consume(principal.keyId, principal.rateLimitPerMinute));
    Object.assign(headers, rateLimitHeaders(rate));
    if (!rate.allowed) {
      record(0, true);
      return fail(
        "rate-limited",
        `This key may make ${rate.limit} requests a minute. Try again in ${rate.resetSeconds} seconds.`,
        headers,
        { retry_after: rate.resetSeconds },
      );
    }

    // ---- credits ---------------------------------------------------------------------------------
    const cost = await counting(services.credits.costs.costOf(operation));
    const charge = await counting(services.credits.meter.charge(principal.clientId, cost));
    if (!charge.admitted) {
      headers["X-Credits-Cost"] = "0";
      headers["X-Credits-Remaining"] = String(charge.remaining);
      record(0, true);
      return fail(
        "insufficient-credits",
        "Your client's credit balance is used up. Buy credits in the studio to continue; getUsage stays free.",
        headers,
      );
    }

    let settled = false;
    const settle = async (status: number) => {
      if (settled) return;
      settled = true;
      const paid = status >= 200 && status < 300;
      headers["X-Credits-Cost"] = String(paid ? cost : 0);
      headers["X-Credits-Remaining"] = String(paid ? charge.remaining : charge.remaining + cost);
      if (!paid) {
        // Counted first: a refund that fails (the live balance store away) must not lose the call.
        record(0, status >= 400);
        if (cost > 0) await services.credits.meter.refund(principal.clientId, cost);
        return;
      }
      // Charged once the answer has been written; a client gone before that pays nothing (the call is
      // counted as an error: 499, client closed the request). Until then the cost stays reserved.
      void responseDelivered(c).then(async (delivered) => {
        if (delivered) return record(cost, false);
        try {
          if (cost > 0) await services.credits.meter.refund(principal.clientId, cost);
        } catch (error) {
          // The reservation is gone from this instance's count already; the next flush's recomputation
          // corrects the shared live balance.
          c.get("log").warn({ err: error }, "api: refund of an undelivered answer failed");
        }
        record(0, true);
      });
    };

    try {
      // ---- the response cache, then the handler ------------------------------------------------
      const url = new URL(c.req.url);
      const key =
        policy.ttlSeconds > 0
          ? responseCacheKey(
              operation,
              c.req.path,
              url.searchParams,
              principal.countries,
              principal.kind === "publishable" && CURATED_OPERATIONS.has(operation)
                ? principal.clientId
                : undefined,
            )
          : undefined;
      const cached = key ? await services.apiCache.lookup(key) : undefined;
      let entry: CachedApiResponse;
      if (cached?.entry) {
        entry = cached.entry;
      } else {
        await next();
        const res = c.res;
        if (res.status !== 200) {
          await settle(res.status);
          for (const [name, value] of Object.entries(headers)) res.headers.set(name, value);
          return;
        }
        const body = await res.text();
        entry = { body, etag: etagOf(body) };
        if (key && cached) await services.apiCache.store(key, cached.version, entry, policy.ttlSeconds);
      }
      const { etag } = entry;
      const notModified = matchesIfNoneMatch(c.req.header("if-none-match"), etag);
      await settle(notModified ? 304 : 200);
      const out = { ...headers, ETag: etag, "Cache-Control": policy.cacheControl, Vary: KEYED_VARY };
      c.res = undefined;
      if (notModified) {
        c.res = new Response(null, { status: 304, headers: out });
      } else {
        const bytes = bodyBytes(entry);
        c.res = new Response(bytes, {
          status: 200,
          headers: { ...out, "Content-Type": "application/json", "Content-Length": String(bytes.byteLength) },
        });
      }
    } catch (error) {
      await settle(500).catch(() => {});
      throw error;
    }
  };
}
