// GET /api/v1/changes (listChanges)
import { createRoute } from "@hono/zod-openapi";
import { listChanges } from "../../../../core/api/changes/list-changes.ts";
import type { ApiApp, ApiDeps } from "../api-app.ts";
import { gate } from "../gate.ts";
import { notModified, ok, problems } from "../responses.ts";
import { ChangeListSchema, ListChangesQuery } from "./schema.ts";

export const listChangesRoute = createRoute({
  method: "get",
  path: "/changes",
  operationId: "listChanges",
  tags: ["Showtimes"],
  summary: "Feed of showtime changes",
  description:
    "Created, changed and cancelled showtimes of your countries in the order they changed, to keep a copy in " +
    "sync. Start with `since=<date-time>`, then always pass the `next_cursor` you got last (it is never null); " +
    "while `has_more` is true, call again at once. Not cached. Secret keys only.",
  request: { query: ListChangesQuery },
  responses: {
    200: ok(ChangeListSchema, "A page of changes."),
    304: notModified(),
    ...problems(),
  },
});

export function registerListChanges(api: ApiApp, deps: ApiDeps) {
  const route = { ...listChangesRoute, middleware: [gate(deps, "listChanges")] };
  // What the operation reads with: the database, the clock, and the base that makes poster links absolute.
  const reader = { db: deps.services.db, now: deps.services.now, baseUrl: deps.baseUrl };
  api.openapi(route, async (c) => {
    const query = c.req.valid("query");
    return c.json(await listChanges(reader, c.get("principal"), query), 200);
  });
}
