// The OpenAPI 3.1 document's frame: what the operations' own definitions do not say — the servers, the
// authentication schemes, the credit model and its overdraw bound, limits, pagination, times, errors,
// caching and CORS.
import { OpenAPIHono } from "@hono/zod-openapi";
import { API_OPERATIONS, API_OPERATION_IDS } from "../../../core/api/operations.ts";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "../../../core/api/api-page.ts";
import type { ApiApp } from "./api-app.ts";
import type { ApiEnv } from "./api-env.ts";
import { listAttributesRoute } from "./attributes/list.ts";
import { listChainsRoute } from "./chains/list.ts";
import { listChangesRoute } from "./changes/list.ts";
import { getCinemaRoute } from "./cinemas/get.ts";
import { listCinemasRoute } from "./cinemas/list.ts";
import { listCitiesRoute } from "./cities/list.ts";
import { listCountriesRoute } from "./countries/list.ts";
import { getMovieRoute } from "./movies/get.ts";
import { listMoviesRoute } from "./movies/list.ts";
import { getShowtimeRoute } from "./showtimes/get.ts";
import { listShowtimesRoute } from "./showtimes/list.ts";
import { getUsageRoute } from "./usage/get.ts";
import { PROBLEMS, problemTypeUri, type ProblemKind } from "./problem.ts";
import { RESPONSE_HEADERS } from "./responses.ts";

export const API_VERSION = "1.0.0";

function description(baseUrl: string) {
  const problemList = (Object.keys(PROBLEMS) as ProblemKind[])
    .map(
      (kind) =>
        `- \`${problemTypeUri(baseUrl, kind)}\` (${PROBLEMS[kind].status}): ${PROBLEMS[kind].description}`,
    )
    .join("\n");
  const costs = API_OPERATION_IDS.map(
    (id) =>
      `- \`${id}\`: ${API_OPERATIONS[id].defaultCost} credit${API_OPERATIONS[id].defaultCost === 1 ? "" : "s"}` +
      (API_OPERATIONS[id].publishable ? " (publishable keys too)" : ""),
  ).join("\n");
  return `Real-time cinema showtimes, cinemas and movies, for the countries your client has access to.

## Authentication
Send your key with every request, as \`Authorization: Bearer <key>\` or \`X-API-Key: <key>\`.
**Secret keys** (\`rt_sk_…\`) are for servers and may call every operation. **Publishable keys** (\`rt_pk_…\`)
are for browsers (the widget): they work only from your client's registered domains (checked on the
\`Origin\` header, else the \`Referer\`) and only for the read operations the widget needs. Create, rotate
and revoke keys in the studio; a key may be limited to some of your countries and has its own rate limit.

## Credits
Every successful call (2xx) costs its operation's credits; errors and \`304 Not Modified\` answers cost
nothing. \`X-Credits-Cost\` says what a call cost, \`X-Credits-Remaining\` the balance after it. At a balance
of zero or less every charged operation answers \`402\`; \`getUsage\` stays free. Default costs (the platform
may set others; the headers always tell):

${costs}

Calls are metered in memory and written to the ledger in batches every few seconds; the balance you see is
live. **Maximum overdraw:** a call is admitted while the balance is above zero, so a balance can end below
zero by less than the cost of one call (with several server instances sharing Redis, the same bound holds for
all of them together). \`GET /usage\` shows the balance and the use per day and operation.

## Rate limits
Each key may make its own number of requests per minute (60 unless set otherwise). Every answer carries
\`RateLimit-Limit\`, \`RateLimit-Remaining\`, \`RateLimit-Reset\` (seconds) and \`RateLimit-Policy\`; over the
limit the answer is \`429\` with \`Retry-After\`.

## Countries
Everything is limited to your key's countries: your client's grants (direct or through a bundle, valid
today), narrowed to the key's own countries when it has some. Rows of other countries are never returned;
asking for one by name (\`country=\`, a city or a cinema there) is \`403\` with a problem naming the country.

## Pagination
Lists answer \`{ "data": [...], "pagination": { "next_cursor": "…" } }\`, ${DEFAULT_PAGE_SIZE} items by default,
at most ${MAX_PAGE_SIZE} (\`limit\`). Pass \`next_cursor\` as \`cursor\` for the next page; it is null on the last
page. Cursors are opaque and belong to the query that produced them: an edited cursor, or one used with other
filters, is \`400\`. Single resources answer \`{ "data": {...} }\`.

## Times
Instants are ISO 8601 in the cinema's local time with its UTC offset (\`2026-11-24T20:15:00+01:00\`), next to
the cinema's IANA \`time_zone\`. A listing day runs from 03:00 to 03:00 local time: a show at 00:30 belongs to
the evening before. \`from\` / \`to\` as dates (\`YYYY-MM-DD\`) mean listing days in each cinema's own zone.

## Caching
Answers carry an \`ETag\`; send it back as \`If-None-Match\` and an unchanged answer is a free \`304\`.
\`Cache-Control\` is \`private, max-age=60\` for showtimes, \`private, max-age=300\` for the catalogue
(cinemas, movies, places, attributes) and \`no-store\` for changes and usage; answers \`Vary\` on
\`Authorization\`, \`X-API-Key\` and \`Origin\`, so a cache never hands one key's answer to another. Identical queries are answered
from our cache, refreshed as soon as imports or edits change the data.

## Errors
Every error is an RFC 9457 problem (\`application/problem+json\`) with a stable \`type\`, a \`title\`, a
\`detail\`, the \`status\` and an \`instance\` (the request id, also in \`X-Request-Id\`); a bad parameter is
named in \`invalid_params\`. The types:

${problemList}

## CORS
Browsers may call the API with a publishable key from your registered domains; the answers then carry
\`Access-Control-Allow-Origin\` for that origin. Secret keys never get CORS headers: keep them on servers.`;
}

/** Adds the shared components (security schemes, response headers) to the API's registry. */
export function registerDocumentComponents(api: ApiApp): void {
  const registry = api.openAPIRegistry;
  registry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    description: "`Authorization: Bearer rt_sk_…` (or a publishable `rt_pk_…` key from a registered domain).",
  });
  registry.registerComponent("securitySchemes", "apiKeyHeader", {
    type: "apiKey",
    in: "header",
    name: "X-API-Key",
    description: "`X-API-Key: rt_sk_…`, the same keys as the bearer scheme.",
  });
  for (const [name, header] of Object.entries(RESPONSE_HEADERS)) {
    registry.registerComponent("headers", name, header);
  }
}

export function documentConfig(baseUrl: string) {
  // Either scheme: a bearer token or the X-API-Key header.
  const security: Record<string, string[]>[] = [{ bearerAuth: [] }, { apiKeyHeader: [] }];
  const root = baseUrl.replace(/\/+$/, "");
  return {
    openapi: "3.1.0",
    info: {
      title: "Reeltime API",
      version: API_VERSION,
      summary: "Cinema showtimes, cinemas and movies.",
      description: description(root),
      contact: { name: "Reeltime", url: `${root}/api/docs` },
      license: { name: "Proprietary", url: `${root}/api/docs` },
    },
    servers: [{ url: `${root}/api/v1`, description: "This Reeltime server" }],
    security,
    tags: [
      { name: "Showtimes", description: "Shows, their attributes and the feed of changes." },
      { name: "Cinemas", description: "Cinemas, by place, chain or text." },
      { name: "Movies", description: "The movie catalogue, localized." },
      { name: "Places", description: "Your countries, their cities and cinema chains." },
      { name: "Account", description: "Your credit balance and usage." },
    ],
  };
}

/** Every operation's route definition: the app registers them with their handlers, the document from them. */
export const API_ROUTES = [
  listCountriesRoute,
  listCitiesRoute,
  listChainsRoute,
  listCinemasRoute,
  getCinemaRoute,
  listMoviesRoute,
  getMovieRoute,
  listShowtimesRoute,
  getShowtimeRoute,
  listAttributesRoute,
  listChangesRoute,
  getUsageRoute,
];

/**
 * The OpenAPI 3.1 document of /api/v1, generated from the same route definitions (and zod schemas) that
 * validate the requests. Needs nothing but BASE_URL (scripts/lint-openapi.ts builds it without a server).
 */
export function buildOpenApiDocument(baseUrl: string) {
  const api: ApiApp = new OpenAPIHono<ApiEnv>();
  registerDocumentComponents(api);
  for (const route of API_ROUTES) api.openAPIRegistry.registerPath(route);
  return api.getOpenAPI31Document(documentConfig(baseUrl));
}
