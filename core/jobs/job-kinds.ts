// The job kinds: each names its payload (zod, checked at enqueue and again before the handler runs) and
// how pg-boss treats it (retries, backoff, expiry). Handlers are given to the queue at worker start.
import { z } from "zod";
import {
  EXPORT_FORMATS,
  EXPORT_TABLES,
  MAINTENANCE_OPERATIONS,
  tableNameSchema,
} from "./tool-job-payloads.ts";

export type JobKindDefinition<Payload extends z.ZodType = z.ZodType> = {
  payload: Payload;
  /** attempts after the first */
  retryLimit: number;
  /** seconds before the first retry; with `retryBackoff` it doubles each time (with jitter) */
  retryDelaySeconds: number;
  retryBackoff: boolean;
  retryDelayMaxSeconds?: number;
  /** an attempt running longer is failed (and retried): the lease a crashed worker's job comes back from */
  expireInSeconds: number;
  /**
   * workers refresh a running job this often (seconds ÷ 2); a job nobody refreshed for this long is
   * retried without waiting out `expireInSeconds`, and a running job that was cancelled is aborted
   */
  heartbeatSeconds?: number;
  /** how often the refresh runs, when it must be faster than heartbeatSeconds ÷ 2 */
  heartbeatRefreshSeconds?: number;
  /**
   * Jobs with the same key never run at the same time (pg-boss's singleton policy): the next one waits
   * until the running one has finished. A method, so a kind's typed payload fits the registry.
   */
  oneAtATimeBy?(payload: z.output<Payload>): string;
  /** jobs of this kind one process runs at the same time */
  concurrency: number;
  /** how long a finished job (its result or error) stays readable */
  keepSeconds: number;
};

export type JobDefinitions = Record<string, JobKindDefinition>;

export const defineJobKind = <Payload extends z.ZodType>(definition: JobKindDefinition<Payload>) =>
  definition;

const DAY = 24 * 60 * 60;

export const appJobKinds = {
  /** Reads one source's feed and applies it (the import pipeline's handler is given at worker start). */
  "import-feed": defineJobKind({
    payload: z.strictObject({
      sourceId: z.uuid(),
      /** a person's "run now" (default: the feed's schedule) */
      trigger: z.enum(["schedule", "manual"]).default("schedule"),
      triggeredBy: z.uuid().optional(),
    }),
    // A dead worker's import runs again within a minute (docs/decisions/011-jobs-on-pg-boss.md): its
    // heartbeat stops, the lease is lost 10 s later, a supervisor pass (every 5 s) fails it, and the retry
    // waits 10–20 s. A lost lease retries after the same delay as an error, so the delay is short and
    // the retries more: 10–20, 20–40, 40–80, 80–160 and 160–320 s, about as long as 3 retries from 60 s.
    retryLimit: 5,
    retryDelaySeconds: 10,
    retryBackoff: true,
    retryDelayMaxSeconds: 60 * 60,
    expireInSeconds: 30 * 60,
    heartbeatSeconds: 10,
    // Refreshed every 2 s, so only a stall of 8 s (an event loop blocked, the database unreachable) loses
    // a live import's lease.
    heartbeatRefreshSeconds: 2,
    // Two imports of one feed (a schedule and a manual run) would write the same showtimes.
    oneAtATimeBy: ({ sourceId }) => sourceId,
    concurrency: 2,
    keepSeconds: 14 * DAY,
  }),
  /** Fills a new movie's empty facts and poster from the metadata provider (core/ingest/metadata). */
  "enrich-movie": defineJobKind({
    payload: z.strictObject({ movieId: z.uuid() }),
    retryLimit: 3,
    retryDelaySeconds: 5 * 60,
    retryBackoff: true,
    expireInSeconds: 5 * 60,
    concurrency: 2,
    keepSeconds: 7 * DAY,
  }),
  /** Deletes showtimes that started more than `olderThanDays` days ago (scheduled nightly). */
  "purge-old-showtimes": defineJobKind({
    payload: z.strictObject({ olderThanDays: z.number().int().min(1).max(36_500) }),
    retryLimit: 2,
    retryDelaySeconds: 5 * 60,
    retryBackoff: true,
    expireInSeconds: 60 * 60,
    concurrency: 1,
    keepSeconds: 14 * DAY,
  }),
  /** VACUUM (ANALYZE) or ANALYZE of one table or all (the studio's data tools). */
  "db-maintenance": defineJobKind({
    payload: z.strictObject({
      operation: z.enum(MAINTENANCE_OPERATIONS),
      table: tableNameSchema.nullable(),
    }),
    retryLimit: 0,
    retryDelaySeconds: 0,
    retryBackoff: false,
    expireInSeconds: 2 * 60 * 60,
    concurrency: 1,
    keepSeconds: 14 * DAY,
  }),
  /** Matches the feed titles of unlinked scheduled showtimes again (after aliases or movies were added). */
  "rematch-showtimes": defineJobKind({
    payload: z.strictObject({ requestedBy: z.uuid().nullable() }),
    retryLimit: 1,
    retryDelaySeconds: 60,
    retryBackoff: false,
    expireInSeconds: 60 * 60,
    concurrency: 1,
    keepSeconds: 14 * DAY,
  }),
  /** Rebuilds the trigram indexes title search and matching read. */
  "reindex-search": defineJobKind({
    payload: z.strictObject({ requestedBy: z.uuid().nullable() }),
    retryLimit: 0,
    retryDelaySeconds: 0,
    retryBackoff: false,
    expireInSeconds: 60 * 60,
    concurrency: 1,
    keepSeconds: 14 * DAY,
  }),
  /** Writes a table (or the catalogue) as JSON or CSV into `exports`, for download from any instance. */
  "export-data": defineJobKind({
    payload: z.strictObject({
      table: z.enum(EXPORT_TABLES),
      format: z.enum(EXPORT_FORMATS),
      requestedBy: z.uuid().nullable(),
    }),
    retryLimit: 1,
    retryDelaySeconds: 60,
    retryBackoff: false,
    expireInSeconds: 60 * 60,
    concurrency: 1,
    keepSeconds: 14 * DAY,
  }),
  /** E-mails the followers of films (core/alerts) about showtimes new since their last alert. */
  "send-showtime-alerts": defineJobKind({
    payload: z.strictObject({ trigger: z.enum(["import", "schedule"]) }),
    retryLimit: 2,
    retryDelaySeconds: 60,
    retryBackoff: true,
    expireInSeconds: 30 * 60,
    // One run at a time: a run claims each alert's daily e-mail, so overlapping runs would only wait.
    oneAtATimeBy: () => "all",
    concurrency: 1,
    keepSeconds: 7 * DAY,
  }),
} satisfies JobDefinitions;

export type AppJobKinds = typeof appJobKinds;
