import { collectDefaultMetrics, Counter, Histogram, Registry } from "prom-client";

export type Metrics = {
  registry: Registry;
  /** Counts a finished request and observes its duration (edge() calls it for every request). */
  record: (method: string, path: string, status: number, seconds: number) => void;
};

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
  // The labelled children, found once per label set: prom-client hashes the labels on every call
  // otherwise. Methods (the HTTP parser's), route groups and statuses are few.
  const durationOf = new Map<string, ReturnType<typeof duration.labels>>();
  const countOf = new Map<string, ReturnType<typeof requests.labels>>();
  const record = (method: string, path: string, status: number, seconds: number) => {
    const route = routeGroup(path);
    const routeKey = `${method} ${route}`;
    let observed = durationOf.get(routeKey);
    if (!observed) durationOf.set(routeKey, (observed = duration.labels(method, route)));
    observed.observe(seconds);
    const countKey = `${routeKey} ${status}`;
    let counted = countOf.get(countKey);
    if (!counted) countOf.set(countKey, (counted = requests.labels(method, route, String(status))));
    counted.inc();
  };
  return { registry, record };
}
