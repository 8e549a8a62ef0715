// Page-cache hits answered on Node's own objects, before the app (docs/decisions/014): a stored public
// page needs no routing, no Fetch Request or Response and no middleware chain, only its bytes and the
// headers every document answer carries. What the edge does for every request is done here too, for
// these: the request id (X-Request-Id), the security headers with the page's nonce, the metrics and
// the access-log line. Anything that is not a current entry (a miss, a stale entry, another method, an
// unusual request target) goes to the app, which renders and stores it through the cache's middleware.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import { requestLineWriter } from "./logger.ts";
import type { Metrics } from "./metrics.ts";
import { requestIdFor } from "./middleware/request-context.ts";
import type { PageAnswer, PageCache, RequestHead } from "./page-cache.ts";

export type PageCacheFrontOptions = {
  pageCache: Pick<PageCache, "lookup">;
  logger: Logger;
  metrics: Pick<Metrics, "record">;
  /** the headers a document answer carries besides its own, with the page's nonce in its policy */
  documentHeaders: (nonce: string) => [string, string][];
};

/** Node's header values as a Fetch-like `get` (the cache and pageVariant read only a few). */
function headOf(request: IncomingMessage & { url: string }): RequestHead {
  return {
    url: `http://page-cache.invalid${request.url}`,
    headers: {
      get(name) {
        const value = request.headers[name];
        if (value === undefined) return null;
        return Array.isArray(value) ? value.join(", ") : value;
      },
    },
  };
}

/**
 * `(req, res)` → false when the front does not answer (not a request for it, or nothing current held:
 * decided synchronously for the usual cases, so the app's requests pay nothing), true when it answered, or
 * a promise of either when the cache had to wait for something (a first key, the data version in Redis).
 */
export function pageCacheFront(options: PageCacheFrontOptions) {
  const { pageCache, metrics, documentHeaders } = options;
  const writeRequestLine = requestLineWriter(options.logger);
  // A hit's answer is one object per entry and kind: its headers are merged with the document's once.
  const rawHeaders = new WeakMap<PageAnswer, string[]>();
  const headersOf = (answer: PageAnswer) => {
    let raw = rawHeaders.get(answer);
    if (!raw) {
      // The page's own headers win over the defaults (as they do on the app's path).
      const merged = new Map<string, [string, string]>();
      for (const header of [...documentHeaders(answer.nonce), ...answer.headers])
        merged.set(header[0].toLowerCase(), header);
      raw = [...merged.values()].flat();
      rawHeaders.set(answer, raw);
    }
    return raw;
  };

  const serve = (request: IncomingMessage, response: ServerResponse, answer: PageAnswer, started: number) => {
    const { requestId } = requestIdFor(headerOf(request, "x-request-id"));
    response.writeHead(answer.status, [...headersOf(answer), "X-Request-Id", requestId]);
    response.end(answer.body ?? undefined);
    const target = request.url!;
    const query = target.indexOf("?");
    const path = query === -1 ? target : target.slice(0, query);
    const durationMs = performance.now() - started;
    metrics.record("GET", path, answer.status, durationMs / 1000);
    writeRequestLine({
      requestId,
      method: "GET",
      path,
      status: answer.status,
      durationMs: Math.round(durationMs * 10) / 10,
    });
    return true;
  };

  return (request: IncomingMessage, response: ServerResponse): boolean | Promise<boolean> => {
    const target = request.url;
    // Only origin-form targets ("/path?query"): anything else is the app's to judge.
    if (request.method !== "GET" || !target || target[0] !== "/" || target[1] === "/") return false;
    const started = performance.now();
    let found: ReturnType<PageCacheFrontOptions["pageCache"]["lookup"]>;
    try {
      found = pageCache.lookup("GET", headOf(request as IncomingMessage & { url: string }));
    } catch {
      return false; // the app will answer, or say why
    }
    if (found === undefined) return false;
    if (!(found instanceof Promise)) return serve(request, response, found, started);
    return found.then(
      (answer) => (answer ? serve(request, response, answer, started) : false),
      // The cache could not answer (its data version lives in Redis, say): the app will, or say why.
      () => false,
    );
  };
}

function headerOf(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
