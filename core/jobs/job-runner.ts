// Running one job in this process: its payload checked again, its progress stored where the studio reads
// it, a cancel here aborting it at once, and one log line per attempt.
import type { Job } from "pg-boss";
import type { Logger } from "pino";
import { z } from "zod";
import type { JobKindDefinition } from "./job-kinds.ts";
import type { JobHandler, JobProgress } from "./job-queue.ts";
import { JOBS_SCHEMA } from "./pg-boss-instance.ts";

type Sql = (text: string, values: unknown[]) => Promise<Record<string, unknown>[]>;

export function jobRunner(input: {
  sql: Sql;
  logger: Logger;
  definition: (kind: string) => JobKindDefinition;
  /** jobs running here by id, so a cancel in this process stops them at once */
  running: Map<string, AbortController>;
}) {
  const { sql, logger, running } = input;
  return async function run(kind: string, handler: JobHandler<unknown>, job: Job<unknown>) {
    const parsed = input.definition(kind).payload.safeParse(job.data);
    // Stored before this version's schema (or written around enqueue): fail it, with the reason.
    if (!parsed.success) throw new Error(`invalid payload: ${z.prettifyError(parsed.error)}`);
    const controller = new AbortController();
    running.set(job.id, controller);
    let progress: JobProgress | null = null;
    const reportProgress = async (next: JobProgress) => {
      progress = { done: next.done, total: next.total };
      // pg-boss keeps a job's result in `output` and has no progress field: while the job runs, the
      // output holds its progress (only this attempt's, while it is still active).
      const rows = await sql(
        `UPDATE ${JOBS_SCHEMA}.job SET output = jsonb_build_object('progress', $3::jsonb)
          WHERE name = $1 AND id = $2 AND state = 'active' AND retry_count = $4 RETURNING id`,
        [kind, job.id, JSON.stringify(progress), job.retryCount],
      );
      if (rows.length === 0) controller.abort(new Error("the job no longer runs here"));
    };
    const started = performance.now();
    const attempt = job.retryCount + 1;
    try {
      const result = await handler(parsed.data, {
        jobId: job.id,
        attempt,
        signal: AbortSignal.any([job.signal, controller.signal]),
        reportProgress,
      });
      // One line per job an operator can follow across instances (each log line carries its process).
      logger.info({ kind, jobId: job.id, attempt, ms: Math.round(performance.now() - started) }, "job done");
      return { progress, result: result ?? null };
    } catch (error) {
      logger.warn({ kind, jobId: job.id, attempt, err: error }, "job failed");
      throw error;
    } finally {
      running.delete(job.id);
    }
  };
}
