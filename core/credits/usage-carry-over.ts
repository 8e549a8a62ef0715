// Usage carried over a restart: what a shutdown could not write (the database was down) is kept in a
// spill file (core/credits/usage-spill.ts) and taken up by the next start's meter, whose flushes write it.
import type { Logger } from "pino";
import type { MeterOwnUsage } from "./meter-own-usage.ts";
import type { UsageBuffer } from "./usage-buffer.ts";
import { claimSpilledUsage, spillUsage } from "./usage-spill.ts";

/** Queues the spilled batches for the next flush and counts them as this instance's unwritten usage. */
export async function takeUpSpilledUsage(
  directory: string,
  buffer: UsageBuffer,
  usage: MeterOwnUsage,
  logger: Logger,
): Promise<void> {
  const { batches, files, problems } = await claimSpilledUsage(directory);
  for (const batch of batches) {
    // attempts ≥ 1: the ledger is asked first whether an earlier attempt did commit.
    buffer.retry({ ...batch, attempts: Math.max(1, batch.attempts) });
    usage.addRecorded(batch.clientId, batch.credits);
  }
  if (files > 0)
    logger.info({ files, batches: batches.length }, "credit meter: usage kept at the last shutdown taken up");
  if (problems.length > 0)
    logger.error({ problems }, "credit meter: kept usage files that cannot be read were left");
}

/** At shutdown: the batches still failing go to a spill file when there is a directory, else to the log. */
export async function keepUnwrittenUsage(
  directory: string | undefined,
  buffer: UsageBuffer,
  logger: Logger,
): Promise<void> {
  if (buffer.failed().length > 0 && directory) {
    const retries = buffer.failed();
    try {
      const file = await spillUsage(directory, retries);
      logger.warn(
        { file, batches: retries.length, credits: retries.reduce((sum, b) => sum + b.credits, 0) },
        "credit meter: usage the database did not take is kept for the next start",
      );
      buffer.dropFailed();
    } catch (error) {
      logger.error({ err: error }, "credit meter: keeping unwritten usage failed");
    }
  }
  const left = buffer.failed();
  if (left.length > 0) {
    logger.error(
      { batches: left.map((b) => ({ clientId: b.clientId, credits: b.credits, requests: b.rows.length })) },
      "credit meter: usage not written at shutdown",
    );
  }
}
