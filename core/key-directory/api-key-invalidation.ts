// Telling the other instances which cached keys to drop (Redis pub/sub), and hearing them.
import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";

type Log = { warn: (object: object, message: string) => void };

export type KeyInvalidationMessage = { keyIds: readonly string[] } | { all: true };

export type KeyInvalidationOptions = {
  /** shared connection: used to publish; a duplicate of it subscribes */
  redis?: Redis;
  channel: string;
  logger?: Log;
  /** another instance invalidated these keys */
  dropKeys(keyIds: readonly string[]): void;
  /** another instance invalidated every key, or messages may have been missed */
  dropAll(): void;
};

export function createKeyInvalidation(options: KeyInvalidationOptions) {
  const { redis, channel } = options;
  const instanceId = randomUUID();

  async function publish(message: KeyInvalidationMessage) {
    if (!redis) return;
    try {
      await redis.publish(channel, JSON.stringify({ from: instanceId, ...message }));
    } catch (error) {
      // The other instances drop every cached lookup when their subscriber reconnects, else at the TTL.
      if (redis.status === "ready")
        options.logger?.warn({ err: error }, "publishing api key invalidation failed");
    }
  }

  // The subscriber may queue its SUBSCRIBE until connected: it is not on any request's path.
  const subscriber = redis?.duplicate({ enableOfflineQueue: true, commandTimeout: undefined });
  let listening: Promise<void> = Promise.resolve();
  if (subscriber) {
    // Errors are the shared connection's outage, logged once there (core/cache/redis-watch.ts). Invalidations
    // sent while this one was away are lost: every cached lookup goes when it is back.
    subscriber.on("error", () => {});
    let lost = false;
    subscriber.on("close", () => {
      lost = true;
    });
    subscriber.on("ready", () => {
      if (lost) options.dropAll();
      lost = false;
    });
    subscriber.on("message", (from: string, message: string) => {
      if (from !== channel) return;
      try {
        const parsed = JSON.parse(message) as { from?: unknown; keyIds?: unknown; all?: unknown };
        if (parsed.from === instanceId) return;
        if (parsed.all === true) return options.dropAll();
        if (!Array.isArray(parsed.keyIds)) return;
        options.dropKeys(parsed.keyIds.filter((id): id is string => typeof id === "string"));
      } catch {
        // not ours: ignore
      }
    });
    listening = subscriber.subscribe(channel).then(
      () => undefined,
      (error: unknown) => options.logger?.warn({ err: error }, "api key invalidation subscribe failed"),
    );
  }

  return {
    publish,
    /** resolves once this instance listens (at once without Redis) */
    listening: () => listening,
    async close() {
      if (subscriber) {
        await listening;
        await subscriber.quit().catch(() => subscriber.disconnect());
      }
    },
  };
}
