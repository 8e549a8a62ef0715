// Whether an error means "the database (or Redis) cannot be reached" (→ 503, try again) rather than a
// fault of ours (→ 500): connection refused or lost, the server shutting down or full, the pool or
// embedded database already closed, Redis gone. Looks through wrapped causes (Drizzle wraps driver errors).
const CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EPIPE",
  "EAI_AGAIN",
  // PostgreSQL: connection exceptions (class 08), shutting down, too many connections.
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
  "08007",
  "08P01",
  "57P01",
  "57P02",
  "57P03",
  "53300",
]);

const MESSAGES =
  /connection terminated|cannot use a pool after calling end|pglite is closed|timeout exceeded when trying to connect|connection (?:timeout|refused)|client has encountered a connection error|database system is (?:starting up|shutting down)|connection is closed|reached the max retries per request limit|stream isn't writeable/i;

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 5 || typeof error !== "object" || error === null) return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === "string" && CODES.has(code)) return true;
  if (typeof message === "string" && MESSAGES.test(message)) return true;
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

type OutageLogger = { error: (fields: Record<string, unknown>, message: string) => void };

/** When each place last logged an outage, and how many it has not logged since. */
const outageLog = new Map<string, { at: number; since: number }>();
const OUTAGE_LOG_INTERVAL_MS = 60_000;

/**
 * Logs that `where` found the database (or Redis) unavailable: once, then at most once a minute with the
 * number of failures in between, so an outage under load is a few log lines, not one stack per request.
 */
export function reportUnavailable(logger: OutageLogger, where: string, error: unknown, now = Date.now()) {
  const last = outageLog.get(where);
  if (last && now - last.at < OUTAGE_LOG_INTERVAL_MS) {
    last.since += 1;
    return;
  }
  outageLog.set(where, { at: now, since: 0 });
  const reason = error instanceof Error ? error.message : String(error);
  logger.error(
    { where, reason, failuresSinceLastLine: last?.since ?? 0 },
    "a dependency is unavailable (database or Redis)",
  );
}

/** What a 503 asks the client to wait before trying again. */
export const RETRY_AFTER_SECONDS = 5;
