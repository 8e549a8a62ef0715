// Graceful shutdown (SIGTERM, SIGINT), bounded: the process is gone within SHUTDOWN_BUDGET_MS under
// keep-alive load, with every dependency up and with Redis or PostgreSQL down (issue 23).
//   1. /readyz answers 503 at once (the load balancer stops sending), and every answer from now on
//      carries `Connection: close`, so keep-alive connections end after their current request; a second
//      later the listener closes (and with it the connections still idle);
//   2. in-flight requests finish (up to REQUESTS_DRAIN_MS, then the connections are cut) while running
//      jobs get JOBS_DRAIN_MS (then they are failed and retried, here or on another instance);
//   3. metered usage is written (with a retry), then mail, Redis and the database are closed, each step
//      bounded so that an absent dependency cannot hold the exit.
import type { Server } from "node:http";
import type { Logger } from "pino";
import type { AppServices } from "../core/services.ts";
import type { DatabaseHandle } from "../db/client.ts";

export const SHUTDOWN_BUDGET_MS = 5_000;
/** How long the listener stays open after the signal, answering with `Connection: close`. */
const CLOSE_GRACE_MS = 1_000;
const REQUESTS_DRAIN_MS = 3_000;
const JOBS_DRAIN_MS = 3_000;
/** The most one closing step may take once requests and jobs are done. */
const STEP_MS = 1_000;

/** What the app asks while it runs: whether it is stopping (for /readyz and `Connection: close`). */
export type Lifecycle = { stopping: boolean };

async function bounded(logger: Logger, what: string, step: () => Promise<unknown>, ms: number) {
  let timer: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([
    step().then(
      () => "done" as const,
      (error: unknown) => {
        logger.error({ err: error }, `${what} failed`);
        return "failed" as const;
      },
    ),
    new Promise<"timeout">((resolve) => {
      timer = setTimeout(() => resolve("timeout"), Math.max(0, ms));
    }),
  ]);
  clearTimeout(timer);
  if (outcome === "timeout") logger.error({ ms }, `${what} did not finish in time; going on`);
  return outcome;
}

export function createShutdown(input: {
  server: Server;
  services: AppServices;
  database: DatabaseHandle;
  logger: Logger;
  lifecycle: Lifecycle;
  exit?: (code: number) => void;
}) {
  const { server, services, database, logger, lifecycle } = input;
  const exit = input.exit ?? ((code: number) => process.exit(code));

  return async function shutdown(signal: string): Promise<void> {
    if (lifecycle.stopping) return;
    lifecycle.stopping = true;
    const started = performance.now();
    // Every step ends by this time, whatever hangs, so the exit comes within the budget.
    const deadline = started + SHUTDOWN_BUDGET_MS - 250;
    const upTo = (ms: number) => Math.min(ms, deadline - performance.now());
    logger.info({ signal }, "shutting down");

    // For a moment the listener stays open: keep-alive clients get their next answer with
    // `Connection: close` and reconnect elsewhere, rather than finding their idle connection cut.
    const requestsDone = new Promise<void>((resolve) => {
      setTimeout(() => server.close(() => resolve()), CLOSE_GRACE_MS);
    });
    const cut = setTimeout(() => {
      logger.warn(
        { ms: REQUESTS_DRAIN_MS },
        "in-flight requests did not finish in time; closing their connections",
      );
      server.closeAllConnections();
    }, REQUESTS_DRAIN_MS);
    const jobsDone = bounded(
      logger,
      "stopping the job worker",
      () => services.jobs.stop({ drainTimeoutMs: JOBS_DRAIN_MS }),
      upTo(JOBS_DRAIN_MS + STEP_MS),
    );
    await Promise.all([requestsDone, jobsDone]);
    clearTimeout(cut);

    await bounded(logger, "closing the mailer", () => services.mailer.close(), upTo(STEP_MS));
    // Before the shared Redis connection and the database: it writes the last uses it still holds.
    await bounded(logger, "writing API key last uses", () => services.apiKeys.close(), upTo(STEP_MS));
    // Metered usage reaches the ledger before the database closes (the meter retries once).
    await bounded(logger, "writing metered usage", () => services.credits.meter.close(), upTo(2 * STEP_MS));
    await bounded(logger, "closing caches and Redis", () => services.accounts.close(), upTo(STEP_MS));
    await bounded(logger, "closing the database", () => database.close(), upTo(STEP_MS));
    logger.info({ ms: Math.round(performance.now() - started) }, "stopped");
    exit(0);
  };
}
