// Whether an answer reached the client, for anything billed per answer (the API's credits; any other
// paid endpoint alike): a call is charged once its response has been written to the connection, and
// given back when the client went away first.
//
// @hono/node-server hands each request's Node response to the app as `c.env.outgoing`. Node emits
// `close` on it once the response has finished (`writableFinished`) or when the connection closed before
// that (the client aborted, the socket broke): the same test @hono/node-server makes before aborting
// `c.req.raw.signal`. That signal only says "gone"; this also says "delivered", which is what charging
// needs. Without a Node response (`app.request()` in-process), the caller got the Response object itself.

/** The parts of Node's ServerResponse (and Http2ServerResponse) this needs. */
type Outgoing = {
  readonly writableFinished: boolean;
  readonly destroyed: boolean;
  once(event: "close", listener: () => void): unknown;
};

function outgoingOf(env: unknown): Outgoing | undefined {
  if (typeof env !== "object" || env === null || !("outgoing" in env)) return undefined;
  const outgoing: unknown = env.outgoing;
  if (
    typeof outgoing === "object" &&
    outgoing !== null &&
    "writableFinished" in outgoing &&
    "destroyed" in outgoing &&
    "once" in outgoing &&
    typeof outgoing.once === "function"
  ) {
    return outgoing as Outgoing;
  }
  return undefined;
}

/**
 * Resolves true once the response of this request has been written in full, false when the connection
 * closed before (never rejects). Call it before returning the response: it watches what comes after.
 */
export function responseDelivered(c: { env: unknown }): Promise<boolean> {
  const outgoing = outgoingOf(c.env);
  if (!outgoing) return Promise.resolve(true);
  // Already closed (the client left while the answer was being computed): nothing more will be written.
  if (outgoing.destroyed) return Promise.resolve(outgoing.writableFinished);
  return new Promise((resolve) => {
    outgoing.once("close", () => resolve(outgoing.writableFinished));
  });
}
