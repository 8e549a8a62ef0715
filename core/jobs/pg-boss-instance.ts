// pg-boss over our database: the instance (PostgreSQL through its own pool, PGlite through pg-boss's
// adapter on the same embedded instance), its logging, and installing the queues of our job kinds.
import { fromPglite, PgBoss } from "pg-boss";
import type { Logger } from "pino";
import type { DatabaseHandle } from "../../db/client.ts";
import { isDatabaseUnavailable, reportUnavailable } from "../unavailable.ts";
import type { JobDefinitions } from "./job-kinds.ts";
import type { JobTimings } from "./job-queue.ts";

/** pg-boss's schema in our database. */
export const JOBS_SCHEMA = "pgboss";

export function openPgBoss(input: {
  database: DatabaseHandle;
  logger: Logger;
  worker: boolean;
  timings: JobTimings;
}): PgBoss {
  const { logger, timings } = input;
  const connection = input.database.connection;
  const boss = new PgBoss({
    ...(connection.kind === "pglite"
      ? // One embedded connection: pg-boss's adapter sends parameterless (multi-statement) text through
        // exec() and the rest through query(); PGlite's own lock keeps each call whole.
        { db: fromPglite(connection.client), backend: "pglite" as const, reindex: false }
      : { connectionString: connection.url, max: 4, application_name: "reeltime-jobs" }),
    schema: JOBS_SCHEMA,
    supervise: input.worker,
    schedule: input.worker,
    // pg-boss checks the options that are present: pass only the cadences given.
    ...definedOnly({
      superviseIntervalSeconds: timings.superviseIntervalSeconds,
      monitorIntervalSeconds: timings.monitorIntervalSeconds,
      cronMonitorIntervalSeconds: timings.cronMonitorIntervalSeconds,
      cronWorkerIntervalSeconds: timings.cronWorkerIntervalSeconds,
    }),
    openTelemetry: { enabled: false },
  });
  // While the database is away pg-boss fails every poll: that outage is a line a minute, not one a poll.
  boss.on("error", (error) => {
    if (isDatabaseUnavailable(error)) reportUnavailable(logger, "jobs", error);
    else logger.error({ err: error }, "job queue error");
  });
  boss.on("warning", (warning) => logger.warn({ data: warning.data }, warning.message));
  return boss;
}

/**
 * Starts pg-boss and installs or updates a queue per kind, once: concurrent callers share the start, and
 * a failed start (the database away) is tried again by the next call.
 */
export function queueStarter<D extends JobDefinitions>(boss: PgBoss, kinds: D): () => Promise<void> {
  let starting: Promise<void> | undefined;
  return () => {
    starting ??= (async () => {
      await boss.start();
      for (const [kind, d] of Object.entries(kinds)) {
        const options = {
          retryLimit: d.retryLimit,
          retryDelay: d.retryDelaySeconds,
          retryBackoff: d.retryBackoff,
          retryDelayMax: d.retryDelayMaxSeconds ?? null,
          expireInSeconds: d.expireInSeconds,
          heartbeatSeconds: d.heartbeatSeconds ?? null,
          deleteAfterSeconds: d.keepSeconds,
        };
        // The policy is fixed when the queue is created (pg-boss cannot change it later).
        await boss.createQueue(kind, { policy: d.oneAtATimeBy ? "singleton" : "standard" });
        // Every start: a changed definition reaches the queue (and the jobs sent to it from now on).
        await boss.updateQueue(kind, options);
      }
    })().catch((error: unknown) => {
      starting = undefined; // the next call tries again (the database may be back)
      throw error;
    });
    return starting;
  };
}

/** The entries whose value is set (pg-boss validates every option present, undefined included). */
export function definedOnly<T extends Record<string, unknown>>(options: T): Partial<T> {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as Partial<T>;
}
