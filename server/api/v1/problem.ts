// The API's errors as RFC 9457 problem details. Each kind has a stable `type` URI (served at
// /api/problems/<slug>, with its description), a stable English title and a status; the detail says what
// went wrong with this request. No stack, no SQL, no internals, ever.
import type { Context } from "hono";
import { ERROR_STATUS } from "../../../core/errors.ts";

export const PROBLEMS = {
  "invalid-parameter": {
    status: 400,
    title: "Invalid parameter",
    description:
      "A query or path parameter is missing, malformed or out of range. `invalid_params` names each one and says why. " +
      "Nothing was charged.",
  },
  "missing-api-key": {
    status: 401,
    title: "API key required",
    description: "Send your key as `Authorization: Bearer <key>` or `X-API-Key: <key>`.",
  },
  "invalid-api-key": {
    status: 401,
    title: "API key not valid",
    description:
      "The key is malformed, unknown, revoked or expired, or its client is suspended. The detail says which. " +
      "Create or rotate keys in the studio (API keys).",
  },
  "insufficient-credits": {
    status: 402,
    title: "Out of credits",
    description:
      "The client's credit balance is at or below zero. Buy credits (or ask for an offer) in the studio; free " +
      "operations such as getUsage keep working.",
  },
  "country-not-granted": {
    status: 403,
    title: "Country not granted",
    description:
      "The request names a country (directly, or through a city or a cinema) that your key may not read. `country` " +
      "says which. Your client's countries are in the studio (Country access); a key may be limited to some of them.",
  },
  "origin-not-allowed": {
    status: 403,
    title: "Origin not allowed",
    description:
      "A publishable key was used from a site that is not one of the client's registered domains (checked on the " +
      "Origin header, else the Referer). Register the domain in the studio (Domains), or call from a server with a " +
      "secret key.",
  },
  "operation-not-allowed": {
    status: 403,
    title: "Operation not allowed for this key",
    description:
      "Publishable keys (rt_pk_…) may only call the read operations the widget needs. Use a secret key (rt_sk_…) " +
      "from a server for the others.",
  },
  "not-found": {
    status: 404,
    title: "Not found",
    description: "No such resource (or no such path under /api/v1).",
  },
  "method-not-allowed": {
    status: 405,
    title: "Method not allowed",
    description: "The API is read-only: GET (and HEAD, OPTIONS) only. The Allow header lists them.",
  },
  "not-acceptable": {
    status: 406,
    title: "Not acceptable",
    description: "The API answers application/json (and application/problem+json for errors) only.",
  },
  "rate-limited": {
    status: 429,
    title: "Too many requests",
    description:
      "The key made more requests in the current minute than its rate limit allows. Wait `Retry-After` seconds. " +
      "The RateLimit-* headers of every answer show the limit, what is left and when it resets.",
  },
  "internal-error": {
    status: 500,
    title: "Internal error",
    description:
      "Something failed on our side. Nothing was charged. Quote `instance` if you contact support.",
  },
  "service-unavailable": {
    status: 503,
    title: "Service unavailable",
    description:
      "The database cannot be reached right now. Nothing was charged. Try again after `Retry-After` seconds.",
  },
} as const satisfies Record<string, { status: number; title: string; description: string }>;

export type ProblemKind = keyof typeof PROBLEMS;

export type InvalidParam = { name: string; reason: string };

export type ProblemExtras = {
  invalid_params?: InvalidParam[];
  country?: string;
  retry_after?: number;
};

export type ProblemBody = {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance: string;
} & ProblemExtras;

export const PROBLEM_CONTENT_TYPE = "application/problem+json";

export function isProblemKind(value: string): value is ProblemKind {
  return Object.hasOwn(PROBLEMS, value);
}

export function problemTypeUri(baseUrl: string, kind: ProblemKind): string {
  return `${baseUrl.replace(/\/+$/, "")}/api/problems/${kind}`;
}

export function requestInstance(requestId: string): string {
  return `urn:reeltime:request:${requestId}`;
}

export function problemBody(
  baseUrl: string,
  requestId: string,
  kind: ProblemKind,
  detail: string,
  extras: ProblemExtras = {},
): ProblemBody {
  const { status, title } = PROBLEMS[kind];
  return {
    type: problemTypeUri(baseUrl, kind),
    title,
    status,
    detail,
    instance: requestInstance(requestId),
    ...extras,
  };
}

/** The problem as a response (no-store; Retry-After when the body says when). */
export function problemResponse(
  c: Context,
  baseUrl: string,
  kind: ProblemKind,
  detail: string,
  extras: ProblemExtras = {},
  headers: Record<string, string> = {},
): Response {
  const body = problemBody(baseUrl, String(c.get("requestId") ?? "unknown"), kind, detail, extras);
  const all: Record<string, string> = {
    "Content-Type": PROBLEM_CONTENT_TYPE,
    "Cache-Control": "no-store",
    ...headers,
  };
  if (extras.retry_after !== undefined) all["Retry-After"] = String(extras.retry_after);
  return c.body(JSON.stringify(body), PROBLEMS[kind].status, all);
}

/** The problem kind for an AppError code the API's core operations throw. */
export function problemKindOf(code: keyof typeof ERROR_STATUS, reason: string): ProblemKind {
  switch (code) {
    case "invalid_input":
      return "invalid-parameter";
    case "forbidden":
      return reason === "api.countryNotGranted" ? "country-not-granted" : "operation-not-allowed";
    case "not_found":
      return "not-found";
    case "rate_limited":
      return "rate-limited";
    case "unavailable":
      return "service-unavailable";
    case "unauthenticated":
      return "invalid-api-key";
    default:
      return "internal-error";
  }
}
