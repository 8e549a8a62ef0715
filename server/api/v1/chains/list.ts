// GET /api/v1/chains (listChains)
import { createRoute } from "@hono/zod-openapi";
import { listChains } from "../../../../core/api/chains/list-chains.ts";
import type { ApiApp, ApiDeps } from "../api-app.ts";
import { gate } from "../gate.ts";
import { notModified, ok, problems } from "../responses.ts";
import { ChainListSchema, ListChainsQuery } from "./schema.ts";

export const listChainsRoute = createRoute({
  method: "get",
  path: "/chains",
  operationId: "listChains",
  tags: ["Places"],
  summary: "List cinema chains",
  description:
    "Cinema chains with open cinemas in your countries, with their cinema counts there. Secret keys only.",
  request: { query: ListChainsQuery },
  responses: {
    200: ok(ChainListSchema, "A page of chains."),
    304: notModified(),
    ...problems(),
  },
});

export function registerListChains(api: ApiApp, deps: ApiDeps) {
  const route = { ...listChainsRoute, middleware: [gate(deps, "listChains")] };
  api.openapi(route, async (c) => {
    const query = c.req.valid("query");
    return c.json(await listChains(deps.services, c.get("principal"), query), 200);
  });
}
