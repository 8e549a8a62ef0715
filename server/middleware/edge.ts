import type { Context, MiddlewareHandler } from "hono";
import type { Logger } from "pino";
import type { Metrics } from "../metrics.ts";
import type { ServerEnv } from "../context-variables.ts";
import { clientAddressStep } from "./client-address.ts";
import { compressionSteps } from "./compression.ts";
import { applyNoStore, isPrivatePath } from "./no-store.ts";
import { beginRequest, endRequest } from "./request-context.ts";
import { type SecurityOptions, securityHeaderSteps } from "./security-headers.ts";

export type EdgeOptions = {
  logger: Logger;
  metrics: Pick<Metrics, "record">;
  trustedProxies: readonly string[];
  security: SecurityOptions;
  /** Run before the route for every method but GET and HEAD (origin, body size, form bodies); may answer. */
  stateChangeChecks: MiddlewareHandler<ServerEnv>;
};

/**
 * What every request goes through, as one middleware: its id, nonce and logger, the client address,
 * the default security headers, and for a state-changing request the checks; after the route,
 * no-store on private paths, compression, the security headers where no Node response took them, the
 * metrics and the access-log line. One step instead of nine: each Hono middleware is an async
 * dispatch of its own, and together they cost more than a small route (docs/decisions/009).
 */
export function edge(options: EdgeOptions): MiddlewareHandler<ServerEnv> {
  const { logger, metrics, stateChangeChecks } = options;
  const resolveClientAddress = clientAddressStep(options.trustedProxies);
  const security = securityHeaderSteps(options.security);
  const compression = compressionSteps();

  return async (c, next) => {
    const record = beginRequest(c, logger);
    try {
      resolveClientAddress(c);
      const secured = security.before(c);
      const encoding = compression.encodingFor(c);
      // A GET or HEAD request has no body here (the Node adapter gives it none) and changes nothing.
      const method = c.req.method;
      await (method === "GET" || method === "HEAD" ? next() : runChecks(c, next, stateChangeChecks));
      if (isPrivatePath(c.req.path)) applyNoStore(c);
      if (encoding) await compression.compress(c, encoding);
      if (!secured) security.after(c);
    } finally {
      metrics.record(c.req.method, c.req.path, c.res.status, (performance.now() - record.started) / 1000);
      endRequest(c, record);
    }
  };
}

/** The checks, then the route; an answer of the checks' own becomes the response. */
async function runChecks(
  c: Context<ServerEnv>,
  next: () => Promise<void>,
  checks: MiddlewareHandler<ServerEnv>,
) {
  const answer = await checks(c, next);
  if (answer instanceof Response) c.res = answer;
}
