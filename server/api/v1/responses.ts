// The documented answers of every operation: the success body with the headers every answer carries, and
// the problem bodies of each error status.
import type { z } from "@hono/zod-openapi";
import { ProblemSchema } from "./common-schema.ts";
import { PROBLEMS, PROBLEM_CONTENT_TYPE, type ProblemKind } from "./problem.ts";

const ref = (name: string) => ({ $ref: `#/components/headers/${name}` });

type HeaderDoc = {
  description: string;
  schema: { type: "integer" | "string"; examples: (string | number)[] };
};

/** Response headers, documented once (components.headers) and referenced by every operation. */
export const RESPONSE_HEADERS = {
  "RateLimit-Limit": {
    description: "Requests this key may make per minute.",
    schema: { type: "integer", examples: [60] },
  },
  "RateLimit-Remaining": {
    description: "Requests left in the current minute.",
    schema: { type: "integer", examples: [57] },
  },
  "RateLimit-Reset": {
    description: "Seconds until the current minute's window resets.",
    schema: { type: "integer", examples: [41] },
  },
  "RateLimit-Policy": {
    description: "The limit and its window in seconds, e.g. `60;w=60`.",
    schema: { type: "string", examples: ["60;w=60"] },
  },
  "X-Credits-Cost": {
    description: "Credits this call cost (0 for errors, 304 answers and free operations).",
    schema: { type: "integer", examples: [1] },
  },
  "X-Credits-Remaining": {
    description: "The client's credit balance after this call (may be slightly negative; see Credits).",
    schema: { type: "integer", examples: [48213] },
  },
  ETag: {
    description:
      "Strong validator of the body: send it back as If-None-Match to get a free 304 when unchanged.",
    schema: { type: "string", examples: ['"k3Jx0Qm2n1bV8cT5rY7uW9eA4sD6fG1h"'] },
  },
  "Cache-Control": {
    description:
      "How long you may reuse the answer: `private, max-age=60` for showtimes, `private, max-age=300` for the " +
      "catalogue, `no-store` for changes, usage and errors.",
    schema: { type: "string", examples: ["private, max-age=60"] },
  },
  "X-Request-Id": {
    description: "This request's id (also the problem's `instance`). Quote it to support.",
    schema: { type: "string", examples: ["0b9e6c1c-2f1e-4a9e-9d0e-5f3a2b1c4d5e"] },
  },
  "Retry-After": {
    description: "Seconds to wait before trying again (429, 503).",
    schema: { type: "integer", examples: [12] },
  },
} satisfies Record<string, HeaderDoc>;

export type ResponseHeaderName = keyof typeof RESPONSE_HEADERS;

const SUCCESS_HEADERS = Object.fromEntries(
  (
    [
      "RateLimit-Limit",
      "RateLimit-Remaining",
      "RateLimit-Reset",
      "RateLimit-Policy",
      "X-Credits-Cost",
      "X-Credits-Remaining",
      "ETag",
      "Cache-Control",
      "X-Request-Id",
    ] as const
  ).map((name) => [name, ref(name)]),
);

export function ok<Schema extends z.ZodType>(schema: Schema, description: string) {
  return {
    description,
    headers: SUCCESS_HEADERS,
    content: { "application/json": { schema } },
  };
}

export function notModified() {
  return {
    description: "Not modified: the If-None-Match ETag is still current. Free of charge.",
    headers: SUCCESS_HEADERS,
  };
}

function problemResponse(status: number, kinds: ProblemKind[]) {
  const headers: Record<string, { $ref: string }> = { "X-Request-Id": ref("X-Request-Id") };
  if (status === 429 || status === 503) headers["Retry-After"] = ref("Retry-After");
  if (status === 429 || status === 402 || status === 403 || status === 404 || status === 400) {
    headers["RateLimit-Limit"] = ref("RateLimit-Limit");
    headers["RateLimit-Remaining"] = ref("RateLimit-Remaining");
    headers["RateLimit-Reset"] = ref("RateLimit-Reset");
  }
  const described = kinds.map((kind) => `\`${kind}\`: ${PROBLEMS[kind].title.toLowerCase()}`).join("; ");
  return {
    description: `${PROBLEMS[kinds[0]!].title}. Problem types: ${described}.`,
    headers,
    content: { [PROBLEM_CONTENT_TYPE]: { schema: ProblemSchema } },
  };
}

/** The error answers of an operation; `withNotFound` for operations that take an id. */
export function problems(options: { withNotFound?: boolean } = {}) {
  return {
    400: problemResponse(400, ["invalid-parameter"]),
    401: problemResponse(401, ["missing-api-key", "invalid-api-key"]),
    402: problemResponse(402, ["insufficient-credits"]),
    403: problemResponse(403, ["country-not-granted", "origin-not-allowed", "operation-not-allowed"]),
    ...(options.withNotFound ? { 404: problemResponse(404, ["not-found"]) } : {}),
    406: problemResponse(406, ["not-acceptable"]),
    429: problemResponse(429, ["rate-limited"]),
    500: problemResponse(500, ["internal-error"]),
    503: problemResponse(503, ["service-unavailable"]),
  } as const;
}
