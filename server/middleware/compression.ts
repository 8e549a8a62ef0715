import { Duplex } from "node:stream";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Context, MiddlewareHandler } from "hono";
import { LRUCache } from "lru-cache";

const COMPRESSIBLE =
  /^(text\/|application\/(json|javascript|xml|problem\+json|manifest\+json)|image\/svg\+xml)/i;
/** Below this a compressed body is hardly smaller (often larger) and not worth a compressor. */
export const MIN_BYTES = 1024;
const MAX_BUFFERED_BYTES = 2 * 1024 * 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Per request only for dynamic bodies: brotli 5 is about as fast as gzip 6 and a fifth smaller. */
const FAST_BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } };
const FAST_GZIP = { level: 6 };

/** Picks br over gzip when the client accepts both (q=0 excluded). */
export function chooseEncoding(acceptEncoding: string | undefined): "br" | "gzip" | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Set(
    acceptEncoding
      .split(",")
      .map((part) => part.trim().split(";"))
      .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, "")) > 0)
      .map(([name]) => (name ?? "").trim().toLowerCase()),
  );
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip") || accepted.has("*")) return "gzip";
  return undefined;
}

/** Browsers send a handful of distinct Accept-Encoding values: each is parsed once. */
export function encodingChooser() {
  const seen = new Map<string, "br" | "gzip" | undefined>();
  return (acceptEncoding: string | null | undefined) => {
    if (!acceptEncoding) return undefined;
    if (seen.has(acceptEncoding)) return seen.get(acceptEncoding);
    const encoding = chooseEncoding(acceptEncoding);
    if (seen.size >= 64) seen.clear();
    seen.set(acceptEncoding, encoding);
    return encoding;
  };
}

export function compressWhole(raw: Buffer, encoding: "br" | "gzip", quality: "best" | "fast") {
  if (encoding === "br")
    return brotli(
      raw,
      quality === "best" ? { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } } : FAST_BROTLI,
    );
  return gzip(raw, quality === "best" ? { level: 9 } : FAST_GZIP);
}

function streamingCompressor(encoding: "br" | "gzip") {
  const compressor = encoding === "br" ? zlib.createBrotliCompress(FAST_BROTLI) : zlib.createGzip(FAST_GZIP);
  return Duplex.toWeb(compressor) as unknown as TransformStream<Uint8Array, Uint8Array>;
}

/** Resolves with the read's result if it is already settled (a turn of microtasks), else undefined. */
function settledRead<T>(read: Promise<T>): Promise<T | undefined> {
  return Promise.race([read, Promise.resolve().then(() => Promise.resolve(undefined))]);
}

type Peeked =
  { complete: true; bytes: Buffer<ArrayBuffer> } | { complete: false; stream: ReadableStream<Uint8Array> };

/**
 * Reads what a body of unknown length already has, without waiting for more: the whole body when it is
 * complete (a JSON or text response), else a stream that replays the chunks read (a streamed page).
 */
async function peek(body: ReadableStream<Uint8Array>): Promise<Peeked> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let pending: Promise<ReadableStreamReadResult<Uint8Array>> | undefined = reader.read();
  // The first chunk is awaited: nothing could be sent before it anyway.
  let result = await pending;
  for (;;) {
    if (result.done) return { complete: true, bytes: Buffer.concat(chunks, size) };
    chunks.push(result.value);
    size += result.value.byteLength;
    if (size > MAX_BUFFERED_BYTES) {
      pending = undefined;
      break;
    }
    pending = reader.read();
    const settled = await settledRead(pending);
    if (!settled) break;
    result = settled;
  }
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const chunk = chunks.shift();
      if (chunk) return controller.enqueue(chunk);
      const next = await (pending ?? reader.read());
      pending = undefined;
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return { complete: false, stream };
}

/**
 * Brotli or gzip for text responses, when the client accepts one. Files (a length and Last-Modified:
 * static assets) are compressed whole, at the best quality, and kept in a small cache keyed by path and
 * Last-Modified; other complete bodies are compressed whole at a fast setting (and kept by their strong
 * ETag when they have one), or sent as they are when under MIN_BYTES; streamed pages are compressed as
 * they stream. A response that is not compressed is left
 * untouched (on Node it stays the adapter's cheap response object).
 */
export function compression(): MiddlewareHandler {
  const steps = compressionSteps();
  return (c, next) => {
    // Decided before the route runs: a HEAD request, or a client that accepts no encoding (most API
    // clients), passes straight through.
    const encoding = steps.encodingFor(c);
    if (!encoding) return next();
    return next().then(() => steps.compress(c, encoding));
  };
}

/**
 * compression() as two steps for edge(): `encodingFor` before the route (undefined: leave the
 * response alone), `compress` after it.
 */
export function compressionSteps() {
  const compressedCache = new LRUCache<string, Buffer<ArrayBuffer>>({
    maxSize: 32 * 1024 * 1024,
    sizeCalculation: (b) => b.byteLength || 1,
  });
  const chooser = encodingChooser();
  const encodingFor = (c: Context) =>
    c.req.method === "HEAD" ? undefined : chooser(c.req.header("accept-encoding"));
  return { encodingFor, compress };

  async function compress(c: Context, encoding: "br" | "gzip") {
    const res = c.res;
    if (res.status === 204 || res.status === 206 || res.status === 304) return;
    const type = res.headers.get("content-type") ?? "";
    const lengthHeader = res.headers.get("content-length");
    const length = lengthHeader === null ? undefined : Number(lengthHeader);
    if (
      !COMPRESSIBLE.test(type) ||
      res.headers.has("content-encoding") ||
      (length !== undefined && length < MIN_BYTES) ||
      /no-transform/.test(res.headers.get("cache-control") ?? "") ||
      !res.body
    ) {
      return;
    }

    const headers = new Headers(res.headers);
    let body: BodyInit;
    let compressed = true;
    // A complete body is compressed once and kept when something names its exact bytes: a file's path and
    // Last-Modified (compressed at the best quality), or a strong ETag (the API's answers; the fast setting).
    const lastModified = res.headers.get("last-modified");
    const etag = res.headers.get("etag");
    const cacheKey = lastModified
      ? `${encoding} ${c.req.path} ${lastModified} ${length}`
      : etag && !etag.startsWith("W/")
        ? `${encoding} etag ${etag}`
        : undefined;
    if (length !== undefined && length <= MAX_BUFFERED_BYTES) {
      let bytes = cacheKey ? compressedCache.get(cacheKey) : undefined;
      if (!bytes) {
        const raw = Buffer.from(await res.arrayBuffer());
        bytes = await compressWhole(raw, encoding, lastModified ? "best" : "fast");
        if (cacheKey) compressedCache.set(cacheKey, bytes);
      } else {
        await res.body.cancel();
      }
      headers.set("content-length", String(bytes.byteLength));
      body = bytes;
    } else if (length !== undefined) {
      headers.delete("content-length");
      body = res.body.pipeThrough(streamingCompressor(encoding));
    } else {
      const peeked = await peek(res.body);
      if (!peeked.complete) {
        body = peeked.stream.pipeThrough(streamingCompressor(encoding));
      } else {
        compressed = peeked.bytes.byteLength >= MIN_BYTES;
        let bytes = peeked.bytes;
        if (compressed) {
          const known = cacheKey ? compressedCache.get(cacheKey) : undefined;
          bytes = known ?? (await compressWhole(peeked.bytes, encoding, "fast"));
          if (cacheKey && !known) compressedCache.set(cacheKey, bytes);
        }
        headers.set("content-length", String(bytes.byteLength));
        body = bytes;
      }
    }
    if (compressed) {
      headers.set("content-encoding", encoding);
      headers.append("vary", "Accept-Encoding");
    }
    // Hono copies the old response's headers onto a new one (a stale Content-Length would hang the client).
    c.res = undefined;
    c.res = new Response(body, { status: res.status, statusText: res.statusText, headers });
  }
}
