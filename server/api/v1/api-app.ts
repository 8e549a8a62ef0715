// The API's Hono app type and what its route modules need.
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { ApiEnv } from "./api-env.ts";
import type { GateDeps } from "./gate.ts";

export type ApiApp = OpenAPIHono<ApiEnv>;
export type ApiDeps = GateDeps;
