// Everything of the public API in one call from server/app.ts, before the React Router catch-all:
// /api/v1/* (the operations, the OpenAPI document), /api/docs (the reference) and /api/problems/*.
import type { Hono } from "hono";
import type { AppServices } from "../../core/services.ts";
import type { ServerEnv } from "../context-variables.ts";
import { mountApiDocs } from "./api-docs.ts";
import { createApi } from "./v1/create-api.ts";

export function mountApi(app: Hono<ServerEnv>, deps: { services: AppServices; baseUrl: string }) {
  app.route("/api/v1", createApi(deps));
  mountApiDocs(app, deps);
}
