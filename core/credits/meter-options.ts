// What a credit meter is built from (core/credits/meter.ts).
import type { Redis } from "ioredis";
import type { Logger } from "pino";
import type { Database } from "../../db/client.ts";
import type { RedisWatch } from "../cache/redis-watch.ts";

export type CreditMeterOptions = {
  db: Database;
  /** shared live balances; without it each instance meters alone */
  redis?: Redis;
  /** with Redis: whether it is up now, to meter in this instance's memory while it is not */
  watch?: RedisWatch;
  /** distinguishes this deployment's (or this test's) keys in Redis */
  keyPrefix?: string;
  now: () => Date;
  flushIntervalMs: number;
  logger: Logger;
  /** this instance's name in the shared counters (random by default) */
  instanceId?: string;
  /** a silent instance's unflushed share is dropped after this long (default: 10 flush intervals, ≥ 30 s) */
  staleAfterMs?: number;
  /**
   * where usage the database could not take at shutdown is kept until the next start
   * (core/credits/usage-spill.ts); without it, such usage is only logged
   */
  spillDirectory?: string;
};
