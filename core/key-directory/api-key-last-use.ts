// api_keys.last_used_at, written in the background: each key's use noted at most once per interval, the
// noted uses written in batches.
import { sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import type { Database } from "../../db/client.ts";

type Log = { warn: (object: object, message: string) => void };

export type LastUseWriterOptions = {
  maxEntries: number;
  /** last_used_at is written at most this often per key */
  touchIntervalMs: number;
  /** how often noted uses are written */
  flushIntervalMs: number;
  logger?: Log;
};

export function createLastUseWriter(db: Database, options: LastUseWriterOptions) {
  const pending = new Map<string, Date>();
  const lastWritten = new LRUCache<string, number>({ max: options.maxEntries });
  let flushing: Promise<void> = Promise.resolve();

  async function writePending() {
    if (pending.size === 0) return;
    // In key order, as every instance writes them: concurrent batches queue up instead of deadlocking.
    const batch = [...pending.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    pending.clear();
    const values = sql.join(
      batch.map(([id, at]) => sql`(${id}::uuid, ${at.toISOString()}::timestamptz)`),
      sql`, `,
    );
    try {
      await db.execute(sql`
        update api_keys as k set last_used_at = v.at
        from (values ${values}) as v(id, at)
        where k.id = v.id and (k.last_used_at is null or k.last_used_at < v.at)
      `);
    } catch (error) {
      options.logger?.warn({ err: error, keys: batch.length }, "writing api key last use failed");
    }
  }

  function flush(): Promise<void> {
    flushing = flushing.then(writePending);
    return flushing;
  }

  const timer = setInterval(() => void flush(), options.flushIntervalMs);
  timer.unref();

  return {
    touch(keyId: string, at: Date) {
      const last = lastWritten.get(keyId);
      if (last !== undefined && at.getTime() - last < options.touchIntervalMs) return;
      lastWritten.set(keyId, at.getTime());
      pending.set(keyId, at);
    },
    flush,
    /** stops the timer and writes what is noted */
    stop(): Promise<void> {
      clearInterval(timer);
      return flush();
    },
  };
}
