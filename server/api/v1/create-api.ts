// The /api/v1 app: every operation's route (each behind the gate), the OpenAPI document, and problem
// answers for everything else (unknown paths, other methods, refused Accept, validation, errors).
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import en from "../../../locales/en.json" with { type: "json" };
import type { ApiKeyPrincipal } from "../../../core/key-directory/key-directory-types.ts";
import { isAppError } from "../../../core/errors.ts";
import { formatMessageRef } from "../../../core/i18n/message-ref.ts";
import type { ApiApp, ApiDeps } from "./api-app.ts";
import type { ApiEnv } from "./api-env.ts";
import { registerListAttributes } from "./attributes/list.ts";
import { ListAttributesQuery } from "./attributes/schema.ts";
import { registerListChains } from "./chains/list.ts";
import { ListChainsQuery } from "./chains/schema.ts";
import { registerListChanges } from "./changes/list.ts";
import { ListChangesQuery } from "./changes/schema.ts";
import { registerGetCinema } from "./cinemas/get.ts";
import { registerListCinemas } from "./cinemas/list.ts";
import { ListCinemasQuery } from "./cinemas/schema.ts";
import { registerListCities } from "./cities/list.ts";
import { ListCitiesQuery } from "./cities/schema.ts";
import { browserOrigin, corsHeaders, preflightHeaders } from "./cors.ts";
import { registerListCountries } from "./countries/list.ts";
import { ListCountriesQuery } from "./countries/schema.ts";
import { registerGetMovie } from "./movies/get.ts";
import { registerListMovies } from "./movies/list.ts";
import { ListMoviesQuery, MovieQuery } from "./movies/schema.ts";
import { buildOpenApiDocument } from "./openapi-document.ts";
import { type InvalidParam, problemKindOf, problemResponse } from "./problem.ts";
import { registerGetShowtime } from "./showtimes/get.ts";
import { registerListShowtimes } from "./showtimes/list.ts";
import { ListShowtimesQuery, ShowtimeQuery } from "./showtimes/schema.ts";
import { isDatabaseUnavailable, reportUnavailable, RETRY_AFTER_SECONDS } from "../../../core/unavailable.ts";
import { registerGetUsage } from "./usage/get.ts";
import { UsageQuery } from "./usage/schema.ts";
import { registerWidgetEvents, WIDGET_EVENTS_PATH } from "./widget/events.ts";

const ALLOW = "GET, HEAD, OPTIONS";

type Issue = { code?: string; path?: readonly PropertyKey[]; message: string; keys?: readonly string[] };

/** The refused parameters of a failed validation, each named once (its first reason). */
export function invalidParams(issues: readonly Issue[], known: readonly string[]): InvalidParam[] {
  const out: InvalidParam[] = [];
  const seen = new Set<string>();
  const add = (name: string, reason: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    out.push({ name, reason });
  };
  for (const issue of issues) {
    if (issue.code === "unrecognized_keys" && issue.keys) {
      for (const key of issue.keys) {
        add(key, `unknown parameter${known.length ? ` (this operation takes ${known.join(", ")})` : ""}`);
      }
      continue;
    }
    const name = issue.path?.length ? String(issue.path[0]) : "query";
    const reason = issue.message.startsWith("Invalid input") ? `${name}: ${issue.message}` : issue.message;
    add(name, reason);
  }
  return out;
}

/** True when an Accept header admits JSON (or says nothing). */
export function acceptsJson(accept: string | undefined): boolean {
  if (!accept || !accept.trim()) return true;
  return accept.split(",").some((part) => {
    const [range = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (q && Number(q.slice(2)) === 0) return false;
    return ["*/*", "application/*", "application/json", "application/problem+json"].includes(range.trim());
  });
}

export function createApi(deps: ApiDeps): ApiApp {
  const { baseUrl } = deps;
  const api: ApiApp = new OpenAPIHono<ApiEnv>({
    defaultHook: (result, c) => {
      if (result.success) return undefined;
      const params = invalidParams(result.error.issues, knownParams(c.req.path));
      return problemResponse(
        c,
        baseUrl,
        "invalid-parameter",
        params[0]?.reason ?? "A parameter is not valid.",
        {
          invalid_params: params,
        },
      );
    },
  });

  // Before any route: preflights, methods and Accept. The one exception to "read-only" is the widget's
  // event report (POST, answered 204 without a body).
  const edge: MiddlewareHandler<ApiEnv> = async (c, next) => {
    const method = c.req.method;
    const origin = browserOrigin(c.req.header("origin"));
    const events = c.req.path.endsWith(`/v1${WIDGET_EVENTS_PATH}`);
    if (method === "OPTIONS") {
      return c.body(null, 204, {
        ...preflightHeaders(origin, events),
        Allow: events ? "POST, OPTIONS" : ALLOW,
      });
    }
    if (events && method === "POST") return next();
    const cors = origin ? corsHeaders(origin) : {};
    if (method !== "GET" && method !== "HEAD") {
      return problemResponse(
        c,
        baseUrl,
        "method-not-allowed",
        `${method} is not allowed: the API is read-only.`,
        {},
        {
          ...cors,
          Allow: ALLOW,
        },
      );
    }
    if (!acceptsJson(c.req.header("accept"))) {
      return problemResponse(
        c,
        baseUrl,
        "not-acceptable",
        "This API answers application/json only.",
        {},
        cors,
      );
    }
    await next();
  };
  api.use("*", edge);

  registerListCountries(api, deps);
  registerListCities(api, deps);
  registerListChains(api, deps);
  registerListCinemas(api, deps);
  registerGetCinema(api, deps);
  registerListMovies(api, deps);
  registerGetMovie(api, deps);
  registerListShowtimes(api, deps);
  registerGetShowtime(api, deps);
  registerListAttributes(api, deps);
  registerListChanges(api, deps);
  registerGetUsage(api, deps);
  registerWidgetEvents(api, deps);

  // The document, built once: it changes only with the code (and BASE_URL).
  let document: string | undefined;
  api.get("/openapi.json", (c) => {
    document ??= JSON.stringify(buildOpenApiDocument(baseUrl));
    return c.body(document, 200, {
      "Content-Type": "application/json",
      "Cache-Control": "public, max-age=300",
      ...(browserOrigin(c.req.header("origin")) ? { "Access-Control-Allow-Origin": "*" } : {}),
    });
  });

  api.all("*", (c) =>
    problemResponse(
      c,
      baseUrl,
      "not-found",
      `There is no ${c.req.path} in this API: see /api/docs.`,
      {},
      corsFor(c),
    ),
  );

  api.onError((error, c) => {
    const cors = corsFor(c);
    if (isAppError(error)) {
      const kind = problemKindOf(error.code, error.reason);
      const params = Object.entries(error.fieldErrors).map(([name, ref]) => ({
        name,
        reason: formatMessageRef(en, ref),
      }));
      const country = error.values?.country;
      return problemResponse(
        c,
        baseUrl,
        kind,
        error.message,
        {
          ...(params.length ? { invalid_params: params } : {}),
          ...(kind === "country-not-granted" && typeof country === "string" ? { country } : {}),
          ...(error.retryAfterSeconds ? { retry_after: error.retryAfterSeconds } : {}),
        },
        cors,
      );
    }
    if (error instanceof HTTPException && error.status >= 400 && error.status < 500) {
      return problemResponse(
        c,
        baseUrl,
        "invalid-parameter",
        error.message || "The request is not valid.",
        {},
        cors,
      );
    }
    if (isDatabaseUnavailable(error)) {
      reportUnavailable(c.get("log"), "api", error);
      return problemResponse(
        c,
        baseUrl,
        "service-unavailable",
        "A service the API depends on (the database or the shared cache) cannot be reached right now. Try again shortly.",
        { retry_after: RETRY_AFTER_SECONDS },
        cors,
      );
    }
    c.get("log").error({ err: error }, "api: unhandled error");
    return problemResponse(c, baseUrl, "internal-error", "Something failed on our side.", {}, cors);
  });

  return api;
}

/**
 * Errors after the key check keep the CORS headers the gate allowed (publishable keys from their
 * domains; the gate refuses the others before any handler runs); before it, any origin may read.
 */
function corsFor(c: Context<ApiEnv>) {
  const origin = browserOrigin(c.req.header("origin"));
  if (!origin) return {};
  const principal: ApiKeyPrincipal | undefined = c.get("principal");
  if (principal && principal.kind !== "publishable") return {};
  return corsHeaders(origin);
}

const PARAMS_BY_PATH: [RegExp, string[]][] = [
  [/\/countries$/, Object.keys(ListCountriesQuery.shape)],
  [/\/cities$/, Object.keys(ListCitiesQuery.shape)],
  [/\/chains$/, Object.keys(ListChainsQuery.shape)],
  [/\/cinemas$/, Object.keys(ListCinemasQuery.shape)],
  [/\/movies$/, Object.keys(ListMoviesQuery.shape)],
  [/\/movies\/[^/]+$/, Object.keys(MovieQuery.shape)],
  [/\/showtimes$/, Object.keys(ListShowtimesQuery.shape)],
  [/\/showtimes\/[^/]+$/, Object.keys(ShowtimeQuery.shape)],
  [/\/attributes$/, Object.keys(ListAttributesQuery.shape)],
  [/\/changes$/, Object.keys(ListChangesQuery.shape)],
  [/\/usage$/, Object.keys(UsageQuery.shape)],
];

/** The query parameters of the operation at `path`, for "unknown parameter" messages. */
function knownParams(path: string): string[] {
  return PARAMS_BY_PATH.find(([pattern]) => pattern.test(path))?.[1] ?? [];
}
