// Builds the one Hono app (no listen): testable with app.request().
import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { every } from "hono/combine";
import type { Logger } from "pino";
import {
  createRequestHandler,
  RouterContextProvider,
  type RouterContext,
  type ServerBuild,
} from "react-router";
import type { DatabaseHandle } from "../db/client.ts";
import { isLocale } from "../core/i18n/locales.ts";
import { messagesUrl } from "../core/i18n/message-catalog.ts";
import type { AppServices, RequestInfo } from "../core/services.ts";
import { isDatabaseUnavailable, reportUnavailable, RETRY_AFTER_SECONDS } from "../core/unavailable.ts";
import { mountApi } from "./api/mount-api.ts";
import type { Config } from "./config.ts";
import type { Metrics } from "./metrics.ts";
import { isLoopback } from "./middleware/client-address.ts";
import { edge } from "./middleware/edge.ts";
import { formBodies } from "./middleware/form-body.ts";
import { sameOrigin } from "./middleware/same-origin.ts";
import { documentAnswerHeaders, documentSecurityHeaders } from "./middleware/security-headers.ts";
import { mountMedia } from "./media.ts";
import { withUploadLimit } from "./middleware/upload-limit.ts";
import { createPageCache, type RequestHead } from "./page-cache.ts";
import { pageCacheFront } from "./page-cache-front.ts";
import type { Lifecycle } from "./shutdown.ts";
import { unavailablePage } from "./unavailable-page.ts";
import { IMMUTABLE_CACHE, mountStaticFiles } from "./static-files.ts";
import type { ServerEnv } from "./context-variables.ts";
import { rejectNulInAddress } from "./middleware/nul-address.ts";

export type AppDependencies = {
  config: Config;
  database: DatabaseHandle;
  services: AppServices;
  logger: Logger;
  metrics: Metrics;
  /** the React Router server build; in development a function that loads the current one */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** build/client, for static files; undefined in development (Vite serves them) */
  clientDirectory?: string;
  /** whether the server is shutting down (server/shutdown.ts); absent in tests that never stop */
  lifecycle?: Lifecycle;
};

type EntryExports = {
  servicesContext: RouterContext<AppServices>;
  requestInfoContext: RouterContext<RequestInfo>;
  /** what besides the URL makes a public page (server/page-cache.ts) */
  pageVariant: (request: RequestHead) => string;
};

/** The largest request body accepted (pages' forms, /api/auth); larger ones get 413. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/** /metrics: for a loopback client (the resolved address), or with `Authorization: Bearer <METRICS_TOKEN>`. */
function mayReadMetrics(clientIp: string, authorization: string | undefined, token: string | undefined) {
  if (isLoopback(clientIp, 0)) return true;
  if (!token || !authorization) return false;
  const expected = Buffer.from(`Bearer ${token}`);
  const given = Buffer.from(authorization.trim());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function entryExports(build: ServerBuild): EntryExports {
  const module = build.entry.module as unknown as Partial<EntryExports>;
  if (!module.servicesContext || !module.requestInfoContext || !module.pageVariant) {
    throw new Error("app/entry.server.tsx must export servicesContext, requestInfoContext and pageVariant");
  }
  return module as EntryExports;
}

const AUTH_HTTP_ALLOWED = new Set([
  "POST /api/auth/sign-in/email",
  "POST /api/auth/sign-out",
  "GET /api/auth/get-session",
]);

/** The session token never reaches JavaScript: it lives in the HttpOnly cookie only. */
function withoutSessionToken(body: unknown): unknown {
  if (typeof body !== "object" || body === null) return body;
  const { token: _token, ...rest } = body as Record<string, unknown>;
  const session = rest.session;
  if (typeof session === "object" && session !== null) {
    const { token: _sessionToken, ...safeSession } = session as Record<string, unknown>;
    rest.session = safeSession;
  }
  return rest;
}

async function serveAuth(services: AppServices, request: Request): Promise<Response> {
  const { pathname } = new URL(request.url);
  if (!AUTH_HTTP_ALLOWED.has(`${request.method} ${pathname}`))
    return new Response("Not Found", { status: 404 });
  const response = await services.auth.handler(request);
  if (!(response.headers.get("content-type") ?? "").includes("application/json")) return response;
  const body: unknown = await response.json().catch(() => null);
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify(withoutSessionToken(body)), { status: response.status, headers });
}

/** The Hono app alone (in-process requests: `app.request()`). */
export function createApp(deps: AppDependencies) {
  return assembleApp(deps).app;
}

/**
 * The app and the Node request listener a server runs: a public page the page cache holds is answered
 * at the front (server/page-cache-front.ts), everything else by the app.
 */
export function createServerParts(deps: AppDependencies) {
  const { app, pageCache, securityOptions } = assembleApp(deps);
  const appListener = getRequestListener(app.fetch);
  const front = pageCache
    ? pageCacheFront({
        pageCache,
        logger: deps.logger,
        metrics: deps.metrics,
        documentHeaders: documentAnswerHeaders(securityOptions),
      })
    : () => false as const;
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    // Shutting down: this connection ends after this answer, even when its client keeps it busy.
    if (deps.lifecycle?.stopping) res.setHeader("Connection", "close");
    const answered = front(req, res);
    if (answered === false) return void appListener(req, res);
    if (answered !== true) void answered.then((done) => (done ? undefined : appListener(req, res)));
  };
  return { app, listener };
}

function assembleApp(deps: AppDependencies) {
  const { config, database, services, logger, metrics } = deps;
  const { i18n } = services;
  const development = typeof deps.build === "function";
  const loadBuild = typeof deps.build === "function" ? deps.build : async () => deps.build as ServerBuild;

  const app = new Hono<ServerEnv>();
  const securityOptions = {
    gtm: Boolean(config.GTM_ID),
    development,
    https: config.baseUrl.startsWith("https:"),
  };
  // The full policy only where documents are rendered: the pages (below) and the API reference.
  const documentHeaders = documentSecurityHeaders(securityOptions);
  const limitBody = bodyLimit({
    maxSize: BODY_LIMIT_BYTES,
    onError: (c) => c.text("Payload Too Large", 413, { "Cache-Control": "no-store" }),
  });
  app.use(
    edge({
      logger,
      metrics,
      trustedProxies: config.TRUSTED_PROXIES,
      security: securityOptions,
      // Every state-changing request, whatever answers it, only from our own origin, within the size
      // limit, and outside /api only as a form.
      stateChangeChecks: every(sameOrigin(config.baseUrl), withUploadLimit(limitBody), formBodies()),
    }),
  );

  // better-auth over HTTP: only what browsers and scripts need. Everything else (sign-up, password and
  // e-mail changes, session lists…) goes through the studio's forms and core operations, or nowhere.
  app.on(["GET", "POST"], "/api/auth/*", (c) => serveAuth(services, c.req.raw));

  // Process is up.
  app.get("/healthz", (c) => c.json({ status: "ok" }, 200, { "Cache-Control": "no-store" }));
  // Ready for traffic: not shutting down, and the database reachable. Without Redis the instance still
  // serves (from its own memory), so it stays in rotation and says it is degraded.
  app.get("/readyz", async (c) => {
    const noStore = { "Cache-Control": "no-store" };
    if (deps.lifecycle?.stopping) return c.json({ status: "stopping" }, 503, noStore);
    try {
      await Promise.race([
        database.ping(),
        new Promise((_, reject) => setTimeout(() => reject(new Error("database ping timed out")), 2000)),
      ]);
    } catch (error) {
      reportUnavailable(c.get("log"), "readiness", error);
      return c.json({ status: "unavailable", database: "unavailable" }, 503, noStore);
    }
    const redis = services.redis?.state();
    if (redis && !redis.up) {
      const since = redis.since.toISOString();
      return c.json(
        { status: "degraded", database: database.kind, redis: "unavailable", since },
        200,
        noStore,
      );
    }
    return c.json(
      { status: "ready", database: database.kind, ...(redis ? { redis: "ready" } : {}) },
      200,
      noStore,
    );
  });
  app.get("/metrics", async (c) => {
    if (!mayReadMetrics(c.get("clientIp"), c.req.header("authorization"), config.METRICS_TOKEN)) {
      return c.text("Not Found", 404);
    }
    return c.body(await metrics.registry.metrics(), 200, {
      "Content-Type": metrics.registry.contentType,
      "Cache-Control": "no-store",
    });
  });

  // Translation messages (SPEC §7): a content-hashed URL, so its answer never changes and is cached for a
  // year; an old hash (a page from before a deployment) is sent on to the current one.
  app.get("/_i18n/:hash/:locale/messages.json", (c) => {
    const { hash, locale } = c.req.param();
    if (!isLocale(locale)) {
      logger.warn({ locale }, "messages asked for a locale that does not exist");
      return c.json({ error: "unknown locale" }, 404);
    }
    if (hash !== i18n.hashFor(locale)) return c.redirect(messagesUrl(i18n, locale), 307);
    return c.json(i18n.messagesFor(locale), 200, { "Cache-Control": IMMUTABLE_CACHE });
  });

  // The running build's version, polled by browsers to detect a new deployment.
  app.get("/builds/latest.json", async (c) => {
    const build = await loadBuild();
    return c.json({ version: build.assets.version }, 200, { "Cache-Control": "no-store" });
  });

  // The public API, its reference and problem types: before the pages' catch-all.
  app.use("/api/docs", documentHeaders);
  mountApi(app, { services, baseUrl: config.baseUrl });

  // Media library images by content hash (docs/decisions/010).
  mountMedia(app, services);

  if (deps.clientDirectory) mountStaticFiles(app, deps.clientDirectory);

  // Public pages from memory (not in development, where every request should see the code as it is now).
  const pageCache = development
    ? undefined
    : createPageCache({
        dataVersion: () => services.apiCache.dataVersion(),
        knownDataVersion: () => services.apiCache.knownDataVersion(),
        variant: async (request) => entryExports(await loadBuild()).pageVariant(request),
      });
  const fromPageCache: MiddlewareHandler<ServerEnv> = pageCache?.middleware ?? ((_c, next) => next());

  let handler: ReturnType<typeof createRequestHandler> | undefined;
  app.all("*", rejectNulInAddress, documentHeaders, fromPageCache, async (c) => {
    const build = await loadBuild();
    const exports = entryExports(build);
    const requestHandler = development
      ? createRequestHandler(build, "development")
      : (handler ??= createRequestHandler(build, "production"));
    const context = new RouterContextProvider();
    context.set(exports.servicesContext, { ...services, logger: c.get("log") });
    const outcome = { unavailable: false };
    context.set(exports.requestInfoContext, {
      requestId: c.get("requestId"),
      nonce: c.get("nonce"),
      outcome,
    });
    const response = await requestHandler(c.req.raw, context);
    // A route failed because the database (or Redis) is away (app/entry.server.tsx handleError): documents
    // are already 503; client navigations' data answers become 503 with Retry-After here.
    if (!outcome.unavailable || response.status < 500 || response.status === 503) return response;
    const headers = new Headers(response.headers);
    headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
    headers.set("Cache-Control", "no-store");
    return new Response(response.body, { status: 503, headers });
  });

  app.onError((error, c) => {
    if (isDatabaseUnavailable(error)) {
      reportUnavailable(c.get("log"), "server", error);
      return unavailablePage(c, i18n);
    }
    c.get("log").error({ err: error }, "unhandled error");
    return c.text("Internal Server Error", 500);
  });

  return { app, pageCache, securityOptions };
}
