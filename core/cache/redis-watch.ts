// Whether the shared Redis can be asked right now, for the code that falls back to this instance's memory
// when it cannot (issue 23). Commands never wait for Redis: the client is built without an offline queue
// and with a short command timeout (redisClientOptions), so a command to an absent Redis fails at once and
// one to a hung Redis within REDIS_COMMAND_TIMEOUT_MS. An outage is logged once when it starts, once a
// minute while it lasts and once when it ends — not once per request.
import { EventEmitter } from "node:events";
import type { Redis, RedisOptions } from "ioredis";
import type { Logger } from "pino";

/** The longest a request waits on one Redis command before falling back to memory. */
export const REDIS_COMMAND_TIMEOUT_MS = 250;
/** While Redis stays away, a reminder in the log this often. */
const STILL_DOWN_LOG_MS = 60_000;
/**
 * How often a connected Redis is asked whether it still answers. A Redis that hangs (paused, or a network
 * that drops packets) keeps its connection open: without this, every request would spend a command
 * timeout on it for as long as it hangs; with it, the connection is dropped after two unanswered probes
 * (about twice this long), and requests use memory until Redis answers again.
 */
const PROBE_INTERVAL_MS = 1_000;

/** Client options for every Redis connection on the request path. */
export function redisClientOptions(): RedisOptions {
  return {
    lazyConnect: false,
    // A command while disconnected fails at once instead of queueing until Redis returns.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: 2_000,
    // Reconnect quickly, then every second: the outage should end for us as soon as Redis is back.
    retryStrategy: (attempt) => Math.min(attempt * 100, 1_000),
  };
}

export type RedisWatch = {
  /** true while the connection is up: callers use Redis; false: they use their memory fallback */
  readonly ready: boolean;
  /** "up", or "down" with the time the outage began (for /readyz) */
  state(): { up: true } | { up: false; since: Date };
  /** called each time Redis returns after an outage (to drop what may have been missed meanwhile) */
  onRecovered(listener: () => void): void;
  /** resolves once connected, or after `timeoutMs` (start-up does not wait longer for an absent Redis) */
  settled(timeoutMs: number): Promise<void>;
};

export function watchRedis(redis: Redis, logger: Logger, now: () => Date = () => new Date()): RedisWatch {
  const events = new EventEmitter();
  // Set by the first error: connecting at start-up is not an outage.
  let downSince: Date | undefined;
  let everReady = redis.status === "ready";
  let lastLog = 0;

  const goneDown = (error?: unknown) => {
    if (downSince && everReady) {
      if (now().getTime() - lastLog >= STILL_DOWN_LOG_MS) {
        lastLog = now().getTime();
        logger.error(
          { err: error, downForSeconds: Math.round((now().getTime() - downSince.getTime()) / 1000) },
          "redis still unavailable: rate limits, caches and live balances use this instance's memory",
        );
      }
      return;
    }
    if (!everReady) {
      // Not connected yet at start-up: one line, then the same reminders as an outage.
      if (lastLog === 0) {
        lastLog = now().getTime();
        logger.error({ err: error }, "redis unavailable at start: using this instance's memory until it is");
      }
      downSince ??= now();
      return;
    }
    downSince = now();
    lastLog = downSince.getTime();
    logger.error(
      { err: error },
      "redis unavailable: rate limits, caches and live balances use this instance's memory",
    );
  };

  redis.on("error", (error: unknown) => goneDown(error));
  redis.on("close", () => {
    if (!downSince || !everReady) goneDown();
  });
  redis.on("ready", () => {
    const since = downSince;
    const first = !everReady;
    downSince = undefined;
    lastLog = 0;
    everReady = true;
    if (!since) return;
    const downForSeconds = Math.round((now().getTime() - since.getTime()) / 1000);
    logger.warn({ downForSeconds }, first ? "redis connected after a failed start" : "redis available again");
    events.emit("recovered");
  });

  // Two probes in a row unanswered: one alone may be a busy event loop here, not a hung Redis.
  let unanswered = 0;
  const probe = setInterval(() => {
    if (redis.status !== "ready") return;
    redis.ping().then(
      () => {
        unanswered = 0;
      },
      (error: unknown) => {
        unanswered += 1;
        if (redis.status !== "ready" || unanswered < 2) return;
        unanswered = 0;
        goneDown(error);
        // Reconnect: until the new connection's ready check is answered, status is not "ready".
        redis.disconnect(true);
      },
    );
  }, PROBE_INTERVAL_MS);
  probe.unref();
  redis.once("end", () => clearInterval(probe));

  return {
    get ready() {
      return redis.status === "ready";
    },
    state() {
      return redis.status === "ready" ? { up: true } : { up: false, since: downSince ?? now() };
    },
    onRecovered(listener) {
      events.on("recovered", listener);
    },
    settled(timeoutMs) {
      if (redis.status === "ready") return Promise.resolve();
      return new Promise((resolve) => {
        const timer = setTimeout(done, timeoutMs);
        timer.unref();
        function done() {
          clearTimeout(timer);
          redis.off("ready", done);
          resolve();
        }
        redis.once("ready", done);
      });
    },
  };
}
