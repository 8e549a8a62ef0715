// The stats page's data once a client (or the platform) is in view: the loader's "usage" answer.
import type { Route } from "./+types/stats.ts";

export type Usage = Extract<Route.ComponentProps["loaderData"], { kind: "usage" }>;
