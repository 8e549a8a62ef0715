import { randomUUID } from "node:crypto";
import type { ServerResponse } from "node:http";
import type { Context } from "hono";
import type { Logger } from "pino";
import { REQUEST_ID_HEADER } from "../../core/request-meta.ts";
import type { ServerEnv } from "../context-variables.ts";
import { createNonce } from "./nonce.ts";
import { nodeResponse, replaceRequestHeader } from "./node-bindings.ts";

const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

/** The request's id: the incoming X-Request-Id when well-formed (a proxy's), else a new one. */
export function requestIdFor(incoming: string | undefined): { requestId: string; kept: boolean } {
  const kept = incoming !== undefined && SAFE_REQUEST_ID.test(incoming);
  return { requestId: kept ? incoming : randomUUID(), kept };
}

/** What beginRequest hands endRequest. */
export type RequestRecord = { requestId: string; log: Logger; started: number; outgoing?: ServerResponse };

/**
 * Gives the request an id (kept from a trusted proxy's X-Request-Id when well-formed), a CSP nonce and
 * a child logger, and echoes the id in X-Request-Id. Must come first: it edits the request's headers
 * in place (see replaceRequestHeader).
 */
export function beginRequest(c: Context<ServerEnv>, logger: Logger): RequestRecord {
  const { requestId, kept } = requestIdFor(c.req.header("x-request-id"));
  // requestMeta() (core/request-meta.ts) reads the id from the request: only the validated one.
  if (!kept) replaceRequestHeader(c, REQUEST_ID_HEADER, requestId);
  const log = logger.child({ requestId });
  c.set("requestId", requestId);
  c.set("nonce", createNonce());
  c.set("log", log);
  const outgoing = nodeResponse(c);
  outgoing?.setHeader("X-Request-Id", requestId);
  return { requestId, log, started: performance.now(), outgoing };
}

/** Writes the request's one access-log line (and X-Request-Id where there is no Node response). */
export function endRequest(c: Context<ServerEnv>, record: RequestRecord) {
  const { outgoing, log } = record;
  if (!outgoing) c.header("X-Request-Id", record.requestId);
  const status = c.res.status;
  const durationMs = Math.round((performance.now() - record.started) * 10) / 10;
  const line = { method: c.req.method, path: c.req.path, status, durationMs };
  // A request the browser gave up on (a superseded navigation) is not a server failure. On Node the
  // response object knows (the request's abort signal would be created just to be asked).
  const aborted = outgoing ? outgoing.destroyed : c.req.raw.signal.aborted;
  if (aborted) log.info(line, "request aborted by the client");
  // 503 is a deliberate "try again" while a dependency is away (its outage is logged once, elsewhere).
  else if (status >= 500 && status !== 503) log.error(line, "request failed");
  else log.info(line, "request");
}
