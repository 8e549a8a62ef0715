import type { MiddlewareHandler } from "hono";
import { collectDefaultMetrics, Counter, Histogram, Registry } from "prom-client";

export type Metrics = { registry: Registry; middleware: MiddlewareHandler };

const KNOWN_GROUPS = new Set([
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
]);

/** Coarse route groups keep label cardinality bounded whatever paths clients send. */
export function routeGroup(path: string) {
  if (path === "/") return "/";
  const end = path.indexOf("/", 1);
  const first = end === -1 ? path.slice(1) : path.slice(1, end);
  return KNOWN_GROUPS.has(first) ? `/${first}` : "other";
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
    const started = performance.now();
    try {
      await next();
    } finally {
      const method = c.req.method;
      const route = routeGroup(c.req.path);
      duration.observe({ method, route }, (performance.now() - started) / 1000);
      requests.inc({ method, route, status: String(c.res.status) });
    }
  };
  return { registry, middleware };
}
