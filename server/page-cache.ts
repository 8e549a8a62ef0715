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
import { compressWhole, encodingChooser } from "./middleware/compression.ts";
import { isPrivatePath } from "./middleware/no-store.ts";
import type { ServerEnv } from "./context-variables.ts";

/** Browsers revalidate every time (ETag); shared caches keep a minute and may serve stale while refetching. */
export const PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";
export const PAGE_TTL_MS = 60_000;
export const DEFAULT_PAGE_CACHE_BYTES = 64 * 1024 * 1024;
/** Distinct (URL, Cookie, Accept-Language) whose page key is remembered; then it starts over. */
const MAX_REMEMBERED_KEYS = 10_000;
/** Documents and React Router's data requests (single fetch) for them. */
const CACHEABLE_TYPE = /^(text\/html|text\/x-script)\b/i;
/** Headers of the render that are the request's own, not the page's. */
const PER_RESPONSE = new Set(["set-cookie", "date", "content-length", "etag", "cache-control", "vary"]);

type Encoding = "br" | "gzip";

type Entry = {
  body: Buffer<ArrayBuffer>;
  /** the body compressed, made on the first request that asks for each encoding */
  compressed: Partial<Record<Encoding, Promise<Buffer<ArrayBuffer>>>>;
  /** a hit's answer by kind (304, identity, br, gzip), built on first use */
  answers: Partial<Record<AnswerKind, Promise<PageAnswer>>>;
  /** those answers once built: a hit then answers without waiting for anything */
  ready: Partial<Record<AnswerKind, PageAnswer>>;
  /** encodings being (or already) compressed again at the best quality */
  recompressing: Partial<Record<Encoding, true>>;
  headers: [string, string][];
  etag: string;
  nonce: string;
  version: number;
};

export type PageCacheOptions = {
  /** the data version: entries read at an older one are stale */
  dataVersion: () => Promise<number>;
  /** the data version when it is known without asking (held in this process), else undefined */
  knownDataVersion?: () => number | undefined;
  /** the variant of a request besides its URL (language, colour mode, consent) */
  variant: (request: RequestHead) => Promise<string> | string;
  maxBytes?: number;
  ttlMs?: number;
};

export type PageCache = {
  middleware: MiddlewareHandler<ServerEnv>;
  /**
   * The answer from a current entry, for the Node front (server/page-cache-front.ts): a hit answers
   * before the app; anything else (a miss, a stale entry, another method) goes to the app, which
   * renders and stores through `middleware`. A hit whose answer is built and whose data version is
   * known answers at once, without a promise: the usual hit, and the cheapest.
   */
  lookup: (method: string, head: RequestHead) => PageAnswer | undefined | Promise<PageAnswer | undefined>;
  /** entries held now (tests, the bench) */
  size: () => number;
  clear: () => void;
};

function isCacheableRequest(method: string, path: string) {
  return method === "GET" && !isPrivatePath(path) && !path.startsWith("/preferences/");
}

/** The query's parameters in a fixed order: the same page whatever order a link wrote them in. */
function canonicalQuery(url: URL) {
  const params = [...url.searchParams.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return new URLSearchParams(params).toString();
}

function ifNoneMatchIncludes(header: string | null, etag: string) {
  if (!header) return false;
  return header.split(",").some((tag) => {
    const value = tag.trim();
    return value === "*" || value === etag || value === `W/${etag}`;
  });
}

/** What the cache reads of a request: its URL and headers (a Fetch `Request`, or a Node request's head). */
export type RequestHead = { url: string; headers: { get(name: string): string | null } };

/** A stored page as the answer to one request: its status, headers and bytes. */
export type PageAnswer = {
  status: 200 | 304;
  headers: [string, string][];
  body: Buffer<ArrayBuffer> | null;
  /** the CSP nonce the page was rendered with (the answer's policy must name it) */
  nonce: string;
};

type AnswerKind = "304" | "identity" | Encoding;

const chooseEncoding = encodingChooser();

function answerKind(entry: Entry, conditions: Conditions): AnswerKind {
  if (ifNoneMatchIncludes(conditions.ifNoneMatch, entry.etag)) return "304";
  return chooseEncoding(conditions.acceptEncoding) ?? "identity";
}

type Conditions = { ifNoneMatch: string | null; acceptEncoding: string | null };

function conditionsOf(head: RequestHead): Conditions {
  return {
    ifNoneMatch: head.headers.get("if-none-match"),
    acceptEncoding: head.headers.get("accept-encoding"),
  };
}

/**
 * The entry as an answer: 304 when the client has it, else its bytes, compressed as the client accepts
 * (here, once per entry: the edge's compression step leaves an encoded answer alone, and would otherwise
 * turn the stored bytes back into a stream on every request). A hit's answer is built once per kind.
 */
async function answerFrom(entry: Entry, conditions: Conditions, hit: boolean): Promise<PageAnswer> {
  const kind = answerKind(entry, conditions);
  if (hit) return hitAnswer(entry, kind);
  return buildAnswer(entry, kind, false);
}

function hitAnswer(entry: Entry, kind: AnswerKind): Promise<PageAnswer> {
  const held = entry.answers[kind];
  if (held) return held;
  const built = buildAnswer(entry, kind, true);
  entry.answers[kind] = built;
  built.then(
    (answer) => {
      // Unless a better-compressed answer replaced it meanwhile.
      if (entry.answers[kind] === built) entry.ready[kind] = answer;
    },
    () => {}, // the request that awaits it answers from the app instead
  );
  return built;
}

/**
 * A page served again and again is worth the best compression (brotli 11: about 13% fewer bytes than the
 * fast setting a first answer uses, but ~0.2 s of CPU). It runs in zlib's thread pool, off the main thread;
 * once done, later hits answer with it (their answer is built again, Content-Length and all).
 */
function recompressBest(entry: Entry, kind: Encoding) {
  if (entry.recompressing[kind]) return;
  entry.recompressing[kind] = true;
  compressWhole(entry.body, kind, "best").then(
    (best) => {
      entry.compressed[kind] = Promise.resolve(best);
      delete entry.answers[kind];
      delete entry.ready[kind];
    },
    () => {}, // the fast copy keeps serving
  );
}

async function buildAnswer(entry: Entry, kind: AnswerKind, hit: boolean): Promise<PageAnswer> {
  const shared: [string, string][] = [
    ["ETag", entry.etag],
    ["Cache-Control", PAGE_CACHE_CONTROL],
    ["Vary", "Cookie, Accept-Language, Accept-Encoding"],
    ["X-Page-Cache", hit ? "hit" : "miss"],
  ];
  const { nonce } = entry;
  if (kind === "304") return { status: 304, headers: shared, body: null, nonce };
  if (kind === "identity") {
    const headers: [string, string][] = [
      ...entry.headers,
      ...shared,
      ["Content-Length", String(entry.body.byteLength)],
    ];
    return { status: 200, headers, body: entry.body, nonce };
  }
  const body = await (entry.compressed[kind] ??= compressWhole(entry.body, kind, "fast"));
  if (hit) recompressBest(entry, kind);
  const headers: [string, string][] = [
    ...entry.headers,
    ...shared,
    ["Content-Encoding", kind],
    ["Content-Length", String(body.byteLength)],
  ];
  return { status: 200, headers, body, nonce };
}

function toResponse(answer: PageAnswer) {
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
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
  return { body, compressed: {}, answers: {}, ready: {}, recompressing: {}, headers, etag, nonce, version };
}

export function createPageCache(options: PageCacheOptions): PageCache {
  const entries = new LRUCache<string, Entry>({
    maxSize: options.maxBytes ?? DEFAULT_PAGE_CACHE_BYTES,
    sizeCalculation: (entry) => entry.body.byteLength + 1024,
    ttl: options.ttlMs ?? PAGE_TTL_MS,
  });
  // One render per key at a time: a burst of requests for a page that just expired waits for it.
  const rendering = new Map<string, Promise<Entry | undefined>>();

  /** The entry's key for a cacheable request, else undefined. */
  async function keyFor(method: string, head: RequestHead): Promise<string | undefined> {
    const url = new URL(head.url);
    if (!isCacheableRequest(method, url.pathname)) return undefined;
    return `${url.pathname}?${canonicalQuery(url)} ${await options.variant(head)}`;
  }

  // The key of what a request asks for depends only on its URL and on the headers the pages vary by
  // (Vary: Cookie, Accept-Language): the same three strings, the same key, worked out once.
  const keysByRequest = new Map<string, string | undefined>();
  const requestKey = (method: string, head: RequestHead) =>
    `${method} ${head.url}\n${head.headers.get("cookie") ?? ""}\n${head.headers.get("accept-language") ?? ""}`;
  async function memoizedKeyFor(method: string, head: RequestHead): Promise<string | undefined> {
    const raw = requestKey(method, head);
    if (keysByRequest.has(raw)) return keysByRequest.get(raw);
    const key = await keyFor(method, head);
    if (keysByRequest.size >= MAX_REMEMBERED_KEYS) keysByRequest.clear();
    keysByRequest.set(raw, key);
    return key;
  }

  /**
   * A current entry's answer to this request, or undefined (not a cacheable request, not held, stale): at
   * once when the request's key, the data version and the answer are all at hand, else through lookupLater.
   */
  function lookup(
    method: string,
    head: RequestHead,
  ): PageAnswer | undefined | Promise<PageAnswer | undefined> {
    const version = options.knownDataVersion?.();
    const raw = version === undefined ? undefined : requestKey(method, head);
    if (raw !== undefined && keysByRequest.has(raw)) {
      const key = keysByRequest.get(raw);
      if (key === undefined) return undefined;
      const cached = entries.get(key);
      if (!cached || cached.version !== version) return undefined;
      const ready = cached.ready[answerKind(cached, conditionsOf(head))];
      if (ready) return ready;
    }
    return lookupLater(method, head);
  }

  async function lookupLater(method: string, head: RequestHead): Promise<PageAnswer | undefined> {
    const key = await memoizedKeyFor(method, head);
    if (key === undefined) return undefined;
    const cached = entries.get(key);
    if (!cached || cached.version !== (await options.dataVersion())) return undefined;
    return answerFrom(cached, conditionsOf(head), true);
  }

  const middleware: MiddlewareHandler<ServerEnv> = async (c, next) => {
    const request = c.req.raw;
    const key = await keyFor(request.method, request);
    if (key === undefined) return next();
    const version = await options.dataVersion();
    const conditions = conditionsOf(request);

    const cached = entries.get(key);
    if (cached && cached.version === version) {
      c.set("nonce", cached.nonce);
      c.res = toResponse(await answerFrom(cached, conditions, true));
      return;
    }

    const inFlight = rendering.get(key);
    if (inFlight) {
      const entry = await inFlight;
      if (entry) {
        c.set("nonce", entry.nonce);
        c.res = toResponse(await answerFrom(entry, conditions, true));
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
    c.res = toResponse(await answerFrom(entry, conditions, false));
  };

  return { middleware, lookup, size: () => entries.size, clear: () => entries.clear() };
}
