// The public pages, rendered once and served from memory (docs/decisions/014). An anonymous GET of a
// page outside /studio is keyed by its path, query and variant (language, colour mode, consent: what the
// build's pageVariant reads from the request); a hit answers without running React Router at all.
//
// Every entry carries the data version (the API's: invalidateApiData bumps it after imports and studio
// edits) read before it was rendered: once the showtimes, movies or cinemas change, older entries are
// misses. Entries also expire after a minute, since "today" moves on (started shows drop off the list).
//
// An entry keeps the CSP nonce it was rendered with and is served with that nonce: the nonce was
// unpredictable when the page's content was rendered, and the stored bytes (and their compressed copies,
// kept by ETag in compression.ts) stay the same for every visitor, so 304s and shared caches work.
import { createHash } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { LRUCache } from "lru-cache";
import { chooseEncoding, compressWhole } from "./middleware/compression.ts";
import { isPrivatePath } from "./middleware/no-store.ts";
import type { ServerEnv } from "./types.ts";

/** Browsers revalidate every time (ETag); shared caches keep a minute and may serve stale while refetching. */
export const PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";
export const PAGE_TTL_MS = 60_000;
export const DEFAULT_PAGE_CACHE_BYTES = 64 * 1024 * 1024;
/** Documents and React Router's data requests (single fetch) for them. */
const CACHEABLE_TYPE = /^(text\/html|text\/x-script)\b/i;
/** Headers of the render that are the request's own, not the page's. */
const PER_RESPONSE = new Set(["set-cookie", "date", "content-length", "etag", "cache-control", "vary"]);

type Encoding = "br" | "gzip";

type Entry = {
  body: Buffer<ArrayBuffer>;
  /** the body compressed, made on the first request that asks for each encoding */
  compressed: Partial<Record<Encoding, Promise<Buffer<ArrayBuffer>>>>;
  headers: [string, string][];
  etag: string;
  nonce: string;
  version: number;
};

export type PageCacheOptions = {
  /** the data version: entries read at an older one are stale */
  dataVersion: () => Promise<number>;
  /** the variant of a request besides its URL (language, colour mode, consent) */
  variant: (request: Request) => Promise<string> | string;
  maxBytes?: number;
  ttlMs?: number;
};

export type PageCache = {
  middleware: MiddlewareHandler<ServerEnv>;
  /** entries held now (tests, the bench) */
  size: () => number;
  clear: () => void;
};

function isCacheableRequest(request: Request, path: string) {
  return request.method === "GET" && !isPrivatePath(path) && !path.startsWith("/preferences/");
}

/** The query's parameters in a fixed order: the same page whatever order a link wrote them in. */
function canonicalQuery(url: URL) {
  const params = [...url.searchParams.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return new URLSearchParams(params).toString();
}

function ifNoneMatchIncludes(header: string | undefined, etag: string) {
  if (!header) return false;
  return header.split(",").some((tag) => {
    const value = tag.trim();
    return value === "*" || value === etag || value === `W/${etag}`;
  });
}

/**
 * The entry as an answer: 304 when the client has it, else its bytes, compressed as the client accepts
 * (here, once per entry: the edge's compression step leaves an encoded answer alone, and would otherwise
 * turn the stored bytes back into a stream on every request).
 */
async function respond(
  entry: Entry,
  request: { ifNoneMatch: string | undefined; acceptEncoding: string | undefined },
  hit: boolean,
): Promise<Response> {
  const shared: [string, string][] = [
    ["ETag", entry.etag],
    ["Cache-Control", PAGE_CACHE_CONTROL],
    ["Vary", "Cookie, Accept-Language, Accept-Encoding"],
    ["X-Page-Cache", hit ? "hit" : "miss"],
  ];
  if (ifNoneMatchIncludes(request.ifNoneMatch, entry.etag))
    return new Response(null, { status: 304, headers: shared });
  const encoding = chooseEncoding(request.acceptEncoding);
  if (!encoding) {
    return new Response(entry.body, {
      status: 200,
      headers: [...entry.headers, ...shared, ["Content-Length", String(entry.body.byteLength)]],
    });
  }
  const body = await (entry.compressed[encoding] ??= compressWhole(entry.body, encoding, "fast"));
  return new Response(body, {
    status: 200,
    headers: [
      ...entry.headers,
      ...shared,
      ["Content-Encoding", encoding],
      ["Content-Length", String(body.byteLength)],
    ],
  });
}

/** The rendered response as an entry, when it may be shared: a complete 200 page that sets no cookie. */
async function entryFrom(response: Response, nonce: string, version: number): Promise<Entry | undefined> {
  if (
    response.status !== 200 ||
    response.headers.has("set-cookie") ||
    !CACHEABLE_TYPE.test(response.headers.get("content-type") ?? "") ||
    /no-store|private/i.test(response.headers.get("cache-control") ?? "")
  ) {
    return undefined;
  }
  const body = Buffer.from(await response.arrayBuffer());
  const headers = [...response.headers.entries()].filter(([name]) => !PER_RESPONSE.has(name.toLowerCase()));
  const etag = `"p${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  return { body, compressed: {}, headers, etag, nonce, version };
}

export function createPageCache(options: PageCacheOptions): PageCache {
  const entries = new LRUCache<string, Entry>({
    maxSize: options.maxBytes ?? DEFAULT_PAGE_CACHE_BYTES,
    sizeCalculation: (entry) => entry.body.byteLength + 1024,
    ttl: options.ttlMs ?? PAGE_TTL_MS,
  });
  // One render per key at a time: a burst of requests for a page that just expired waits for it.
  const rendering = new Map<string, Promise<Entry | undefined>>();

  const middleware: MiddlewareHandler<ServerEnv> = async (c, next) => {
    const request = c.req.raw;
    const url = new URL(request.url);
    if (!isCacheableRequest(request, url.pathname)) return next();
    const key = `${url.pathname}?${canonicalQuery(url)} ${await options.variant(request)}`;
    const version = await options.dataVersion();
    const conditions = {
      ifNoneMatch: c.req.header("if-none-match"),
      acceptEncoding: c.req.header("accept-encoding"),
    };

    const cached = entries.get(key);
    if (cached && cached.version === version) {
      c.set("nonce", cached.nonce);
      c.res = await respond(cached, conditions, true);
      return;
    }

    const inFlight = rendering.get(key);
    if (inFlight) {
      const entry = await inFlight;
      if (entry) {
        c.set("nonce", entry.nonce);
        c.res = await respond(entry, conditions, true);
        return;
      }
      return next(); // that render could not be shared: this request renders its own
    }

    let settle!: (entry: Entry | undefined) => void;
    rendering.set(key, new Promise((resolve) => (settle = resolve)));
    let entry: Entry | undefined;
    try {
      await next();
      entry = await entryFrom(c.res, c.get("nonce"), version);
    } finally {
      rendering.delete(key);
      settle(entry);
    }
    if (!entry) return;
    // Rendered from data that changed meanwhile: served, not kept.
    if ((await options.dataVersion()) === version) entries.set(key, entry);
    c.res = await respond(entry, conditions, false);
  };

  return { middleware, size: () => entries.size, clear: () => entries.clear() };
}
