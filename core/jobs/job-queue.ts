// The background job queue: pg-boss over our database (PostgreSQL through its own pool, PGlite through
// pg-boss's PGlite adapter on the same embedded instance). See docs/decisions/011-jobs-on-pg-boss.md.
import type { ScheduleOptions } from "pg-boss";
import type { Logger } from "pino";
import { z } from "zod";
import type { DatabaseHandle } from "../../db/client.ts";
import { AppError } from "../errors.ts";
import type { JobDefinitions, JobKindDefinition } from "./job-kinds.ts";
import { JOB_COLUMNS, toJobRecord } from "./job-records.ts";
import { jobRunner } from "./job-runner.ts";
import { definedOnly, JOBS_SCHEMA, openPgBoss, queueStarter } from "./pg-boss-instance.ts";

export const JOB_STATES = ["created", "retry", "active", "completed", "cancelled", "failed"] as const;
export type JobState = (typeof JOB_STATES)[number];

/** How far a running job has come: `done` of `total` steps (total unknown: null). */
export type JobProgress = { done: number; total: number | null };

export type JobContext = {
  jobId: string;
  /** 1 for the first attempt */
  attempt: number;
  /** aborted when the job is cancelled, expires, or the worker shuts down past its drain time */
  signal: AbortSignal;
  /** stores the progress where the studio reads it; aborts `signal` if the job no longer runs here */
  reportProgress: (progress: JobProgress) => Promise<void>;
};

type JsonObject = { [key: string]: unknown };
export type JobHandler<Payload> = (payload: Payload, context: JobContext) => Promise<JsonObject | void>;

export type JobHandlers<D extends JobDefinitions> = {
  [K in keyof D]?: JobHandler<z.output<D[K]["payload"]>>;
};

export type EnqueueOptions = {
  /** run no earlier than this */
  startAfter?: Date;
  /** higher runs first */
  priority?: number;
};

/** One job as the studio lists it. */
export type JobRecord = {
  id: string;
  kind: string;
  state: JobState;
  payload: unknown;
  progress: JobProgress | null;
  result: unknown;
  error: string | null;
  /** attempts started so far */
  attempts: number;
  /**
   * active, but its lease has run out by the database's clock: its heartbeat stopped (the worker died)
   * or it outlived `expireInSeconds`; the supervisor fails it (and retries it) at its next pass
   */
  leaseLost: boolean;
  maxAttempts: number;
  createdAt: Date;
  runAfter: Date;
  startedAt: Date | null;
  completedAt: Date | null;
};

export type JobSchedule = { key: string; expression: string; payload: unknown };

/** pg-boss's cadences, for operators and tests (defaults: DEFAULT_JOB_TIMINGS, else pg-boss's). */
export type JobTimings = {
  /** how often an idle worker looks for jobs */
  pollingIntervalSeconds?: number;
  /** how often the supervisor runs */
  superviseIntervalSeconds?: number;
  /**
   * how often a supervisor pass checks each queue: fails its jobs whose lease ran out (expired, or no
   * heartbeat), which then retry, and refreshes its counts
   */
  monitorIntervalSeconds?: number;
  /** how often schedules are checked */
  cronMonitorIntervalSeconds?: number;
  cronWorkerIntervalSeconds?: number;
};

/**
 * A dead worker's job must come back within a minute (issue 23; docs/decisions/011-jobs-on-pg-boss.md):
 * pg-boss's 60 s supervisor and monitor would each add up to a minute to the heartbeat. Every 5 s a pass
 * costs a few small statements (the queue claims are shared, so instances do not multiply the checks).
 */
export const DEFAULT_JOB_TIMINGS = { superviseIntervalSeconds: 5, monitorIntervalSeconds: 5 } as const;

export type JobQueue<D extends JobDefinitions> = {
  readonly kinds: readonly (keyof D & string)[];
  /** Installs or migrates pg-boss's schema and the queues (idempotent; enqueue and work call it). */
  start: () => Promise<void>;
  /** Starts working every kind that has a handler; returns the kinds now worked. */
  work: (handlers: JobHandlers<D>) => Promise<(keyof D & string)[]>;
  /** Validates the payload; refuses an unknown kind. Returns the job id. */
  enqueue: <K extends keyof D & string>(
    kind: K,
    payload: z.input<D[K]["payload"]>,
    options?: EnqueueOptions,
  ) => Promise<string>;
  /** Cancels a queued or running job; false when it had already finished (or does not exist). */
  cancel: (kind: string, id: string) => Promise<boolean>;
  /** Creates or replaces the schedule `key` of a kind: a cron expression or an RFC 5545 rule, in UTC. */
  schedule: <K extends keyof D & string>(
    kind: K,
    key: string,
    expression: string,
    payload: z.input<D[K]["payload"]>,
  ) => Promise<void>;
  unschedule: (kind: keyof D & string, key: string) => Promise<void>;
  schedules: (kind: keyof D & string) => Promise<JobSchedule[]>;
  /** Newest first; `payload`: only jobs whose payload holds these fields (e.g. one feed's imports). */
  list: (options: {
    limit: number;
    kind?: string;
    state?: JobState;
    payload?: Record<string, string>;
  }) => Promise<JobRecord[]>;
  get: (id: string) => Promise<JobRecord | null>;
  /** Stops working: running jobs get up to `drainTimeoutMs` to finish, then are failed (and retried). */
  stop: (options?: { drainTimeoutMs?: number }) => Promise<void>;
};

export function createJobQueue<D extends JobDefinitions>(input: {
  database: DatabaseHandle;
  kinds: D;
  logger: Logger;
  /** false: this instance enqueues but runs no jobs, schedules and maintenance (WORKER=false) */
  worker: boolean;
  timings?: JobTimings;
}): JobQueue<D> {
  const { kinds, logger } = input;
  const timings: JobTimings = { ...DEFAULT_JOB_TIMINGS, ...input.timings };
  const boss = openPgBoss({ database: input.database, logger, worker: input.worker, timings });
  const kindNames = Object.keys(kinds) as (keyof D & string)[];
  const definition = (kind: string): JobKindDefinition => {
    if (!Object.hasOwn(kinds, kind)) throw new AppError("invalid_input", "jobs.unknownKind");
    return kinds[kind]!;
  };

  const start = queueStarter(boss, kinds);
  let lastStart: Promise<void> | undefined;
  let stopped = false;
  const startOnce = () => (lastStart = start());
  const sql = async (text: string, values: unknown[]) => {
    await startOnce();
    return (await boss.getDb().executeSql(text, values)).rows as Record<string, unknown>[];
  };

  // Jobs running in this process, so a cancel here stops them at once (elsewhere: heartbeat, progress).
  const running = new Map<string, AbortController>();
  const run = jobRunner({ sql, logger, definition, running });

  return {
    kinds: kindNames,
    start: startOnce,
    async work(handlers) {
      await startOnce();
      const worked: (keyof D & string)[] = [];
      if (!input.worker) return worked;
      for (const kind of kindNames) {
        const handler = handlers[kind] as JobHandler<unknown> | undefined;
        if (!handler) continue;
        const d = kinds[kind]!;
        await boss.work<unknown>(
          kind,
          {
            localConcurrency: d.concurrency,
            batchSize: 1,
            ...definedOnly({
              pollingIntervalSeconds: timings.pollingIntervalSeconds,
              heartbeatRefreshSeconds: d.heartbeatRefreshSeconds,
            }),
          },
          async ([job]) => run(kind, handler, job!),
        );
        worked.push(kind);
      }
      return worked;
    },
    async enqueue(kind, payload, options = {}) {
      const parsed = definition(kind).payload.safeParse(payload);
      if (!parsed.success) throw new AppError("invalid_input", "jobs.invalidPayload");
      await startOnce();
      const d = definition(kind);
      const id = await boss.send(
        kind,
        parsed.data as object,
        definedOnly({
          startAfter: options.startAfter,
          priority: options.priority,
          singletonKey: d.oneAtATimeBy?.(parsed.data),
        }),
      );
      if (!id) throw new Error(`the job queue did not accept a ${kind} job`);
      return id;
    },
    async cancel(kind, id) {
      definition(kind);
      if (!z.uuid().safeParse(id).success) return false;
      await startOnce();
      // pg-boss's typings leave CommandResponse empty; at run time it carries the count.
      const response: { affected?: unknown } = await boss.cancel(kind, id);
      running.get(id)?.abort(new Error("cancelled"));
      return Number(response.affected) > 0;
    },
    async schedule(kind, key, expression, payload) {
      const parsed = definition(kind).payload.safeParse(payload);
      if (!parsed.success) throw new AppError("invalid_input", "jobs.invalidPayload");
      await startOnce();
      // missed "once": after downtime, one catch-up run rather than none.
      const options: ScheduleOptions = {
        key,
        tz: "UTC",
        missed: "once",
        ...definedOnly({ singletonKey: definition(kind).oneAtATimeBy?.(parsed.data) }),
      };
      await boss.schedule(kind, expression, parsed.data as object, options);
    },
    async unschedule(kind, key) {
      definition(kind);
      await startOnce();
      await boss.unschedule(kind, key);
    },
    async schedules(kind) {
      definition(kind);
      await startOnce();
      const rows = await boss.getSchedules(kind);
      return rows.map((s) => ({ key: s.key, expression: s.cron, payload: s.data ?? null }));
    },
    async list({ limit, kind, state, payload }) {
      const names = kind ? [kind] : kindNames;
      const rows = await sql(
        `SELECT ${JOB_COLUMNS} FROM ${JOBS_SCHEMA}.job
          WHERE name = ANY($1::text[]) AND ($2::text IS NULL OR state::text = $2)
            AND ($4::jsonb IS NULL OR data @> $4::jsonb)
          ORDER BY created_on DESC, id LIMIT $3`,
        [names, state ?? null, limit, payload ? JSON.stringify(payload) : null],
      );
      return rows.map(toJobRecord);
    },
    async get(id) {
      if (!z.uuid().safeParse(id).success) return null;
      const rows = await sql(
        `SELECT ${JOB_COLUMNS} FROM ${JOBS_SCHEMA}.job WHERE name = ANY($1::text[]) AND id = $2`,
        [kindNames, id],
      );
      return rows[0] ? toJobRecord(rows[0]) : null;
    },
    async stop(options = {}) {
      if (stopped) return;
      stopped = true;
      // Never started, or its start failed: pg-boss holds nothing to release.
      if (
        !(await lastStart?.then(
          () => true,
          () => false,
        ))
      )
        return;
      // pg-boss closes the pool it opened (PostgreSQL); PGlite belongs to the database handle.
      await boss.stop({ graceful: true, timeout: options.drainTimeoutMs ?? 10_000, close: true });
    },
  };
}
