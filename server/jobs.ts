// The background jobs at start-up: pg-boss's schema and queues, the nightly purge schedule, the feed
// schedules made to match the sources, and the worker with the server's handlers (unless WORKER=false).
import type { Logger } from "pino";
import type { JobHandlers } from "../core/jobs/job-queue.ts";
import type { AppJobKinds } from "../core/jobs/job-kinds.ts";
import { isAppError } from "../core/errors.ts";
import { enrichMovie } from "../core/ingest/metadata/enrich-movie.ts";
import { runImport } from "../core/ingest/run-import.ts";
import { sendShowtimeAlerts } from "../core/alerts/send-showtime-alerts.ts";
import { purgeOldShowtimes } from "../core/jobs/purge-old-showtimes.ts";
import { syncFeedSchedules } from "../core/jobs/sync-feed-schedules.ts";
import { exportData } from "../core/tools/export-data.ts";
import { purgeExpiredExports } from "../core/tools/purge-expired-exports.ts";
import { rematchUnmatchedShowtimes } from "../core/tools/rematch-unmatched-showtimes.ts";
import { reindexSearchIndexes } from "../core/tools/reindex-search-indexes.ts";
import { runMaintenance } from "../core/tools/run-maintenance.ts";
import type { AppServices } from "../core/services.ts";
import type { Config } from "./config.ts";

/** 03:30 UTC, every night. */
export const PURGE_SCHEDULE = "30 3 * * *";
/** Showtime alerts: after every import that added showtimes, and at minute 17 of every hour for the rest. */
export const ALERTS_SCHEDULE = "17 * * * *";

type JobServices = Pick<
  AppServices,
  "db" | "jobs" | "apiCache" | "now" | "feeds" | "imageFetch" | "images" | "accounts"
> &
  Partial<Pick<AppServices, "metadata">> &
  // what the alert e-mails need (the server always has them; some job tests build services without mail)
  Partial<Pick<AppServices, "mailer" | "i18n" | "config" | "logger">>;

/** The handler of each job kind this server runs. */
export function jobHandlers(services: JobServices): JobHandlers<AppJobKinds> {
  return {
    "import-feed": async ({ sourceId, trigger, triggeredBy }) => {
      try {
        const run = await runImport(services, { sourceId, trigger, triggeredBy });
        // New showtimes may be what someone follows: tell them (batched, at most once a day each).
        if (run.counts.inserted > 0)
          await services.jobs.enqueue("send-showtime-alerts", { trigger: "import" });
        return { runId: run.runId, status: run.status, counts: run.counts, problems: run.problemCount };
      } catch (error) {
        // A feed deleted or disabled after its job was queued: nothing to run, nothing to retry.
        if (isAppError(error) && (error.code === "not_found" || error.code === "conflict")) {
          return { skipped: error.reason };
        }
        throw error;
      }
    },
    "enrich-movie": async ({ movieId }) =>
      enrichMovie({ ...services, metadata: services.metadata ?? null }, { movieId }),
    "purge-old-showtimes": async ({ olderThanDays }, { signal, reportProgress }) => {
      const purged = await purgeOldShowtimes(services, {
        olderThanDays,
        now: services.now(),
        signal,
        reportProgress,
      });
      // Expired exports go with the night's purge too (downloads also drop them on the way).
      return { ...purged, expiredExports: await purgeExpiredExports(services) };
    },
    "db-maintenance": async ({ operation, table }, { signal, reportProgress }) =>
      runMaintenance(services, { operation, table, signal, reportProgress }),
    "rematch-showtimes": async ({ requestedBy }, { signal, reportProgress }) =>
      rematchUnmatchedShowtimes(services, { requestedBy, now: services.now(), signal, reportProgress }),
    "reindex-search": async ({ requestedBy }, { signal, reportProgress }) =>
      reindexSearchIndexes(services, { requestedBy, signal, reportProgress }),
    "send-showtime-alerts": async () => {
      const { mailer, i18n, config, logger } = services;
      if (!mailer || !i18n || !config || !logger) return { skipped: "no mailer" };
      return sendShowtimeAlerts({ ...services, mailer, i18n, config, logger });
    },
    "export-data": async ({ table, format, requestedBy }, { jobId, signal, reportProgress }) =>
      exportData(services, { jobId, table, format, requestedBy, signal, reportProgress }),
  };
}

export async function startJobs(input: {
  services: JobServices;
  config: Pick<Config, "WORKER" | "PURGE_SHOWTIMES_AFTER_DAYS">;
  logger: Logger;
  handlers?: JobHandlers<AppJobKinds>;
}): Promise<void> {
  const { services, config, logger } = input;
  const { jobs } = services;
  await jobs.start();
  if (!config.WORKER) {
    logger.info("job worker off (WORKER=false): this instance only enqueues jobs");
    return;
  }
  // Every start: a changed PURGE_SHOWTIMES_AFTER_DAYS reaches the schedule.
  await jobs.schedule("purge-old-showtimes", "nightly", PURGE_SCHEDULE, {
    olderThanDays: config.PURGE_SHOWTIMES_AFTER_DAYS,
  });
  await jobs.schedule("send-showtime-alerts", "hourly", ALERTS_SCHEDULE, { trigger: "schedule" });
  const feedSchedules = await syncFeedSchedules(services);
  const handlers = input.handlers ?? jobHandlers(services);
  const worked = await jobs.work(handlers);
  const waiting = jobs.kinds.filter((kind) => !worked.includes(kind));
  logger.info({ kinds: worked, feedSchedules }, "job worker started");
  if (waiting.length > 0) logger.warn({ kinds: waiting }, "no handler for these job kinds: their jobs wait");
}
