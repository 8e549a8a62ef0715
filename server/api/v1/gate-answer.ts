// The gate's last step: the answer from the response cache, else from the handler (stored for the next
// caller), with its ETag; 304 when If-None-Match matches. Settles the credits by the answer's status.
import type { Next } from "hono";
import type { ApiKeyPrincipal } from "../../../core/key-directory/key-directory-types.ts";
import type { CachedApiResponse } from "../../../core/cache/response-cache.ts";
import type { GateCall } from "./gate-call.ts";
import {
  CACHE_POLICY,
  CURATED_OPERATIONS,
  etagOf,
  KEYED_VARY,
  matchesIfNoneMatch,
  responseCacheKey,
} from "./http-cache.ts";

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

export async function answerThroughCache(
  { c, services, operation, headers }: GateCall,
  principal: ApiKeyPrincipal,
  next: Next,
  settle: (status: number) => Promise<void>,
): Promise<void> {
  const policy = CACHE_POLICY[operation];
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
}
