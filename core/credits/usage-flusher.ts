// Writing buffered usage: every `flushIntervalMs` (and on close) each client's batch is written in its own
// transaction, then the live balances are recomputed from the database. Flushes run one after another.
// Usage a shutdown could not write is kept in a spill file and taken up by the next start.
import { inArray } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "../../db/client.ts";
import { creditBalances } from "../../db/schema/credits.ts";
import type { LiveBalances } from "./live-balances.ts";
import type { MeterOwnUsage } from "./meter-own-usage.ts";
import type { UsageBatch, UsageBuffer } from "./usage-buffer.ts";
import { clientExists, writeUsageBatch } from "./usage-batch-write.ts";
import { keepUnwrittenUsage, takeUpSpilledUsage } from "./usage-carry-over.ts";

type UsageFlusherDeps = {
  db: Database;
  logger: Logger;
  store: LiveBalances;
  usage: MeterOwnUsage;
  buffer: UsageBuffer;
  /** the clients whose live balance is recomputed after each flush */
  known: ReadonlySet<string>;
  flushIntervalMs: number;
  spillDirectory?: string;
};

export function createUsageFlusher(deps: UsageFlusherDeps) {
  const { db, logger, store, usage, buffer, known } = deps;
  let chain: Promise<void> = Promise.resolve();
  let closed = false;

  async function flushBatch(batch: UsageBatch): Promise<void> {
    let committed: number | null = null;
    try {
      await store.flushBegin(batch.clientId);
    } catch (error) {
      logger.warn({ err: error, clientId: batch.clientId }, "credit meter: live balance store unavailable");
    }
    try {
      await writeUsageBatch(db, batch);
      committed = batch.credits;
      usage.committed(batch.clientId, batch.credits);
    } catch (error) {
      batch.attempts++;
      if (batch.attempts > 1 && !(await clientExists(db, batch.clientId).catch(() => true))) {
        logger.warn(
          { clientId: batch.clientId, credits: batch.credits },
          "credit meter: usage of a deleted client dropped",
        );
        usage.committed(batch.clientId, batch.credits);
        committed = batch.credits;
      } else {
        buffer.retry(batch);
        logger.warn(
          { err: error, clientId: batch.clientId, credits: batch.credits, attempts: batch.attempts },
          "credit meter: usage flush failed; kept for the next one",
        );
      }
    } finally {
      await store
        .flushEnd(batch.clientId, committed, usage.own(batch.clientId))
        .catch((error: unknown) =>
          logger.warn({ err: error }, "credit meter: live balance store unavailable"),
        );
    }
  }

  /** Live balance = database balance − what is not yet in it, for every client this instance knows. */
  async function reconcile(): Promise<void> {
    const ids = [...known];
    for (let start = 0; start < ids.length; start += 500) {
      const chunk = ids.slice(start, start + 500);
      const versions = await store.versions(chunk);
      const rows = await db
        .select({ clientId: creditBalances.clientId, balance: creditBalances.balance })
        .from(creditBalances)
        .where(inArray(creditBalances.clientId, chunk));
      const balances = new Map(rows.map((r) => [r.clientId, Number(r.balance)]));
      await Promise.all(
        chunk.map((clientId, i) =>
          store.reconcile(clientId, balances.get(clientId) ?? 0, usage.own(clientId), versions[i]!),
        ),
      );
    }
  }

  async function flushOnce(): Promise<void> {
    for (const batch of buffer.take()) await flushBatch(batch);
    try {
      await reconcile();
    } catch (error) {
      logger.warn({ err: error }, "credit meter: live balances not recomputed");
    }
  }

  function flush(): Promise<void> {
    const next = chain.then(flushOnce, flushOnce);
    chain = next.catch(() => {});
    return next;
  }

  const timer = setInterval(() => {
    void flush();
  }, deps.flushIntervalMs);
  timer.unref();

  // Usage a shutdown could not write (the database was down) is written by the next flushes.
  if (deps.spillDirectory) {
    const directory = deps.spillDirectory;
    chain = chain.then(() => takeUpSpilledUsage(directory, buffer, usage, logger));
  }

  async function close(): Promise<void> {
    if (closed) return chain;
    closed = true;
    clearInterval(timer);
    await flush();
    // One more try for what failed; whatever still fails is kept for the next start, or else logged.
    if (buffer.failed().length > 0) await flush();
    await keepUnwrittenUsage(deps.spillDirectory, buffer, logger);
  }

  return { flush, close };
}
