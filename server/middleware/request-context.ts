import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { Logger } from "pino";
import { REQUEST_ID_HEADER } from "../../core/request-meta.ts";
import type { ServerEnv } from "../types.ts";
import { createNonce } from "./nonce.ts";
import { nodeResponse, replaceRequestHeader } from "./node-bindings.ts";

const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

/**
 * Gives every request an id (kept from a trusted proxy's X-Request-Id when well-formed), a CSP nonce
 * and a child logger, echoes the id in X-Request-Id and writes one access-log line at the end.
 * Must run first: it edits the request's headers in place (see replaceRequestHeader).
 */
export function requestContext(logger: Logger): MiddlewareHandler<ServerEnv> {
  return async (c, next) => {
    const incoming = c.req.header("x-request-id");
    const kept = incoming !== undefined && SAFE_REQUEST_ID.test(incoming);
    const requestId = kept ? incoming : randomUUID();
    // requestMeta() (core/request-meta.ts) reads the id from the request: only the validated one.
    if (!kept) replaceRequestHeader(c, REQUEST_ID_HEADER, requestId);
    const log = logger.child({ requestId });
    c.set("requestId", requestId);
    c.set("nonce", createNonce());
    c.set("log", log);
    const outgoing = nodeResponse(c);
    outgoing?.setHeader("X-Request-Id", requestId);
    const started = performance.now();
    try {
      await next();
    } finally {
      if (!outgoing) c.header("X-Request-Id", requestId);
      const status = c.res.status;
      const durationMs = Math.round((performance.now() - started) * 10) / 10;
      const line = { method: c.req.method, path: c.req.path, status, durationMs };
      // A request the browser gave up on (a superseded navigation) is not a server failure. On Node the
      // response object knows (the request's abort signal would be created just to be asked).
      const aborted = outgoing ? outgoing.destroyed : c.req.raw.signal.aborted;
      if (aborted) log.info(line, "request aborted by the client");
      else if (status >= 500) log.error(line, "request failed");
      else log.info(line, "request");
    }
  };
}
