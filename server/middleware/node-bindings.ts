// The Node request and response behind a Hono context, when there is one (`@hono/node-server`), and
// the two edits of the request path that are much cheaper there than on the Fetch objects.
//
// @hono/node-server hands Hono a lightweight Request that reads headers straight from the
// IncomingMessage until something changes them, and writes a lightweight Response (a string or buffer
// body) without building a Fetch Response at all. Setting a header on either object turns it into a
// full undici Request/Response (every header copied and validated, the body made a stream): on a
// small response that is most of the request's cost. So the edge edits the Node objects when it can
// and falls back to the Fetch objects in-process (`app.request()`, tests).
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Context } from "hono";

type NodeBindings = { incoming?: IncomingMessage; outgoing?: ServerResponse };

export function nodeRequest(c: Context): IncomingMessage | undefined {
  return (c.env as NodeBindings | undefined)?.incoming;
}

export function nodeResponse(c: Context): ServerResponse | undefined {
  const outgoing = (c.env as NodeBindings | undefined)?.outgoing;
  return outgoing && typeof outgoing.setHeader === "function" && !outgoing.headersSent ? outgoing : undefined;
}

/**
 * Replaces every copy of request header `name` (lower case) with `value`, so everything downstream
 * (requestMeta(), React Router, better-auth) reads only ours. On a Node request the IncomingMessage is
 * edited (its parsed headers and rawHeaders, in place): the lightweight Request reads both, lazily.
 * That holds while nothing has copied the Request's headers yet, which the read-back below checks;
 * when it does not hold the Request's own headers are set as well.
 */
export function replaceRequestHeader(c: Context, name: string, value: string) {
  const incoming = nodeRequest(c);
  const headers = c.req.raw.headers;
  if (incoming && Array.isArray(incoming.rawHeaders) && typeof incoming.headers === "object") {
    const raw = incoming.rawHeaders;
    for (let i = raw.length - 2; i >= 0; i -= 2) {
      if (raw[i]!.toLowerCase() === name) raw.splice(i, 2);
    }
    raw.push(name, value);
    incoming.headers[name] = value;
    if (headers.get(name) === value) return;
  }
  headers.set(name, value);
}

/**
 * Sets a response header the route's own response may override: on the Node response before it is
 * written (Node merges it under the route's headers), else on the Fetch response when it has none.
 */
export function defaultResponseHeader(c: Context, name: string, value: string) {
  const outgoing = nodeResponse(c);
  if (outgoing) {
    outgoing.setHeader(name, value);
    return;
  }
  if (c.res.headers.has(name)) return;
  try {
    c.res.headers.set(name, value);
  } catch {
    // immutable headers (Response.redirect(), a fetched response): a copy takes them
    c.res = new Response(c.res.body, c.res);
    c.res.headers.set(name, value);
  }
}
