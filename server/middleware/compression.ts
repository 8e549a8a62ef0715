import { Duplex } from "node:stream";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { LRUCache } from "lru-cache";

const COMPRESSIBLE =
  /^(text\/|application\/(json|javascript|xml|problem\+json|manifest\+json)|image\/svg\+xml)/i;
const MIN_BYTES = 1024;
const MAX_BUFFERED_BYTES = 2 * 1024 * 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

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

function streamingCompressor(encoding: "br" | "gzip") {
  // Brotli at quality 5 is about as fast as gzip and a fifth smaller; 11 (the default) is too slow per request.
  const compressor =
    encoding === "br"
      ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
      : zlib.createGzip({ level: 6 });
  return Duplex.toWeb(compressor) as unknown as TransformStream<Uint8Array, Uint8Array>;
}

/**
 * Brotli or gzip for text responses. Files of known length (static assets) are compressed whole, at the
 * best quality, and kept in a small cache keyed by path and Last-Modified; dynamic pages are streamed.
 */
export function compression(): MiddlewareHandler {
  const fileCache = new LRUCache<string, Buffer<ArrayBuffer>>({
    maxSize: 32 * 1024 * 1024,
    sizeCalculation: (b) => b.byteLength || 1,
  });
  return async (c, next) => {
    await next();
    const res = c.res;
    const type = res.headers.get("content-type") ?? "";
    const lengthHeader = res.headers.get("content-length");
    const length = lengthHeader === null ? undefined : Number(lengthHeader);
    if (
      !res.body ||
      c.req.method === "HEAD" ||
      res.status === 204 ||
      res.status === 206 ||
      res.status === 304 ||
      res.headers.has("content-encoding") ||
      !COMPRESSIBLE.test(type) ||
      (length !== undefined && length < MIN_BYTES) ||
      /no-transform/.test(res.headers.get("cache-control") ?? "")
    ) {
      return;
    }
    const encoding = chooseEncoding(c.req.header("accept-encoding"));
    if (!encoding) return;

    const headers = new Headers(res.headers);
    headers.set("content-encoding", encoding);
    headers.append("vary", "Accept-Encoding");
    let body: BodyInit;
    if (length !== undefined && length <= MAX_BUFFERED_BYTES) {
      const key = `${encoding} ${c.req.path} ${res.headers.get("last-modified") ?? ""} ${length}`;
      let compressed = fileCache.get(key);
      if (!compressed) {
        const raw = Buffer.from(await res.arrayBuffer());
        compressed =
          encoding === "br"
            ? await brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } })
            : await gzip(raw, { level: 9 });
        if (res.headers.has("last-modified")) fileCache.set(key, compressed);
      } else {
        await res.body.cancel();
      }
      headers.set("content-length", String(compressed.byteLength));
      body = compressed;
    } else {
      headers.delete("content-length");
      body = res.body.pipeThrough(streamingCompressor(encoding));
    }
    // Hono copies the old response's headers onto a new one (a stale Content-Length would hang the client).
    c.res = undefined;
    c.res = new Response(body, { status: res.status, statusText: res.statusText, headers });
  };
}
