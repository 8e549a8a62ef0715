// GET /api/v1/attributes (listAttributes)
import { createRoute } from "@hono/zod-openapi";
import { listAttributes } from "../../../../core/api/attributes/list-attributes.ts";
import type { ApiApp, ApiDeps } from "../api-app.ts";
import { gate } from "../gate.ts";
import { notModified, ok, problems } from "../responses.ts";
import { AttributeListSchema, ListAttributesQuery } from "./schema.ts";

export const listAttributesRoute = createRoute({
  method: "get",
  path: "/attributes",
  operationId: "listAttributes",
  tags: ["Showtimes"],
  summary: "List attributes",
  description:
    "What showtimes can be tagged with (3D, IMAX, original version, subtitles, audio description…), with names " +
    "per locale. Their codes are what `attributes=` takes. Publishable keys may call it.",
  request: { query: ListAttributesQuery },
  responses: {
    200: ok(AttributeListSchema, "A page of attributes."),
    304: notModified(),
    ...problems(),
  },
});

export function registerListAttributes(api: ApiApp, deps: ApiDeps) {
  const route = { ...listAttributesRoute, middleware: [gate(deps, "listAttributes")] };
  api.openapi(route, async (c) => {
    const query = c.req.valid("query");
    return c.json(await listAttributes(deps.services, query), 200);
  });
}
