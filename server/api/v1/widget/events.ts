// POST /api/v1/widget/events: the widget's batched counts (impressions, booking clicks) for its client's
// /studio/stats. Body `{"key":"rt_pk_…","impressions":n,"clicks":n}`, sent by the widget as a simple
// text/plain request with `keepalive` (no preflight, so it also leaves a page being closed; no cookies);
// application/json is read too. The key is in the body because such a request carries no custom header.
//
// Checked like the widget's reads: a publishable key (401 unknown, revoked, expired; 403 for a secret
// key), the page's origin among the client's domains (403), the key's rate limit (429), a bounded body
// (400). Not a data operation: it costs no credits, is not metered in credit_usage, is never cached, and
// is not in the public OpenAPI reference (it is the widget's own channel, not something to integrate).
// Answers 204, with CORS for the page (the answer holds nothing).
import type { Context } from "hono";
import { z } from "@hono/zod-openapi";
import { isOriginAllowed } from "../../../../core/domains/origin-allowed.ts";
import { recordWidgetUsage, WIDGET_USAGE_MAX_BATCH } from "../../../../core/usage/record-widget-usage.ts";
import type { ApiApp, ApiDeps } from "../api-app.ts";
import type { ApiEnv } from "../api-env.ts";
import { browserOrigin, corsHeaders } from "../cors.ts";
import { ORIGIN_REFUSAL_DETAIL, REFUSAL_DETAIL, rateLimitHeaders } from "../gate.ts";
import { type InvalidParam, type ProblemExtras, type ProblemKind, problemResponse } from "../problem.ts";

export const WIDGET_EVENTS_PATH = "/widget/events";

/** A report is a few dozen bytes; anything much larger is not one. */
const MAX_BODY_CHARS = 1024;

const count = (name: string) =>
  z
    .number({ error: `${name} must be a whole number from 0 to ${WIDGET_USAGE_MAX_BATCH}` })
    .int({ error: `${name} must be a whole number from 0 to ${WIDGET_USAGE_MAX_BATCH}` })
    .min(0, { error: `${name} must be a whole number from 0 to ${WIDGET_USAGE_MAX_BATCH}` })
    .max(WIDGET_USAGE_MAX_BATCH, {
      error: `${name} must be a whole number from 0 to ${WIDGET_USAGE_MAX_BATCH}`,
    });

export const WidgetEventsBody = z
  .object({
    key: z.string({ error: "key must be the widget's publishable key" }).max(200).optional(),
    impressions: count("impressions").default(0),
    clicks: count("clicks").default(0),
  })
  .strict();

/** The body as JSON, or why not. */
function parseBody(text: string): { ok: true; value: unknown } | { ok: false; reason: string } {
  if (text.length > MAX_BODY_CHARS)
    return { ok: false, reason: `the body is over ${MAX_BODY_CHARS} characters` };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, reason: 'the body must be JSON: {"key":"rt_pk_…","impressions":1,"clicks":0}' };
  }
}

export function registerWidgetEvents(api: ApiApp, deps: ApiDeps) {
  const { services, baseUrl } = deps;

  api.post(WIDGET_EVENTS_PATH, async (c: Context<ApiEnv>) => {
    const origin = browserOrigin(c.req.header("origin"));
    // The answer holds no data: the page may read every one (the widget only logs refusals).
    const headers: Record<string, string> = origin ? corsHeaders(origin) : {};
    const fail = (kind: ProblemKind, detail: string, extras: ProblemExtras = {}) =>
      problemResponse(c, baseUrl, kind, detail, extras, headers);
    const invalid = (params: InvalidParam[]) =>
      fail("invalid-parameter", params[0]?.reason ?? "The body is not valid.", { invalid_params: params });

    const body = parseBody(await c.req.text());
    if (!body.ok) return invalid([{ name: "body", reason: body.reason }]);
    const parsed = WidgetEventsBody.safeParse(body.value);
    if (!parsed.success) {
      return invalid(
        parsed.error.issues.map((issue) => ({
          name: issue.code === "unrecognized_keys" ? issue.keys.join(", ") : String(issue.path[0] ?? "body"),
          reason:
            issue.code === "unrecognized_keys"
              ? `unknown field (the body takes key, impressions, clicks)`
              : issue.path.length
                ? issue.message
                : 'the body must be a JSON object: {"key":"rt_pk_…","impressions":1,"clicks":0}',
        })),
      );
    }
    const { key, impressions, clicks } = parsed.data;

    if (!key?.trim())
      return fail("missing-api-key", "Send the widget's publishable key as `key` in the body.");
    const check = await services.apiKeys.authenticate(key.trim());
    if (!check.ok) return fail("invalid-api-key", REFUSAL_DETAIL[check.refusal]);
    const principal = check.principal;
    if (principal.kind !== "publishable") {
      return fail(
        "operation-not-allowed",
        "Widget events take the widget's publishable key (rt_pk_…); a secret key never belongs in a browser.",
      );
    }
    if (
      !isOriginAllowed(principal.domains, {
        origin: c.req.header("origin"),
        referer: c.req.header("referer"),
      })
    ) {
      return fail("origin-not-allowed", ORIGIN_REFUSAL_DETAIL);
    }
    const rate = await services.apiLimits.consume(principal.keyId, principal.rateLimitPerMinute);
    Object.assign(headers, rateLimitHeaders(rate));
    if (!rate.allowed) {
      return fail(
        "rate-limited",
        `This key may make ${rate.limit} requests a minute. Try again in ${rate.resetSeconds} seconds.`,
        { retry_after: rate.resetSeconds },
      );
    }

    // No credits are reserved or charged here, on purpose: counting the widget's use is not a use of data.
    await recordWidgetUsage(services, { clientId: principal.clientId, impressions, clicks });
    services.apiKeys.touch(principal.keyId, services.now());
    return c.body(null, 204, { ...headers, "Cache-Control": "no-store" });
  });
}
