// GET /api/v1/usage (getUsage)
import { createRoute } from "@hono/zod-openapi";
import { getUsage } from "../../../../core/api/usage/get-usage.ts";
import type { ApiApp, ApiDeps } from "../api-app.ts";
import { gate } from "../gate.ts";
import { notModified, ok, problems } from "../responses.ts";
import { UsageQuery, UsageResultSchema } from "./schema.ts";

export const getUsageRoute = createRoute({
  method: "get",
  path: "/usage",
  operationId: "getUsage",
  tags: ["Account"],
  summary: "Your balance and usage",
  description:
    "Your client's live credit balance and API use per day and operation (all keys together). Free of charge, " +
    "and answered even at a zero balance. Not cached. Secret keys only.",
  request: { query: UsageQuery },
  responses: {
    200: ok(UsageResultSchema, "Your usage."),
    304: notModified(),
    ...problems(),
  },
});

export function registerGetUsage(api: ApiApp, deps: ApiDeps) {
  const route = { ...getUsageRoute, middleware: [gate(deps, "getUsage")] };
  api.openapi(route, async (c) => {
    const query = c.req.valid("query");
    const principal = c.get("principal");
    const balance = await deps.services.credits.meter.balance(principal.clientId);
    return c.json(
      { data: await getUsage(deps.services, { clientId: principal.clientId, balance }, query) },
      200,
    );
  });
}
