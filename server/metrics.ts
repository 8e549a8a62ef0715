import type { MiddlewareHandler } from "hono";
import { collectDefaultMetrics, Counter, Histogram, Registry } from "prom-client";

export type Metrics = { registry: Registry; middleware: MiddlewareHandler };

/** Coarse route groups keep label cardinality bounded whatever paths clients send. */
export function routeGroup(path: string) {
  if (path === "/") return "/";
  const first = path.split("/")[1] ?? "";
  const known = [
    "studio",
    "api",
    "assets",
    "widget",
    "_i18n",
    "builds",
    "preferences",
    "cookieverklaring",
    "healthz",
    "readyz",
    "metrics",
  ];
  return known.includes(first) ? `/${first}` : "other";
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: "http_requests_total",
    help: "HTTP requests by method, route group and status",
    labelNames: ["method", "route", "status"] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "HTTP request duration in seconds (to the response head)",
    labelNames: ["method", "route"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const middleware: MiddlewareHandler = async (c, next) => {
    const stop = duration.startTimer({ method: c.req.method, route: routeGroup(c.req.path) });
    try {
      await next();
    } finally {
      stop();
      requests.inc({ method: c.req.method, route: routeGroup(c.req.path), status: String(c.res.status) });
    }
  };
  return { registry, middleware };
}
