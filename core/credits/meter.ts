// The credit meter of the public API (see docs/api/credits.md for the guarantees and the overdraw bound).
// `charge` reserves a call's cost against the live balance before the handler runs; `record` counts the
// finished call in memory; every `flushIntervalMs` (and on close) the buffered usage is written, per client
// in one transaction, to credit_usage (adding) and to the ledger as one `usage` row naming the batch. After
// each flush the live balances are recomputed from the database, so other instances' usage, ledger rows
// written elsewhere and lost Redis keys are caught up with.
import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Redis } from "ioredis";
import type { Logger } from "pino";
import type { Database } from "../../db/client.ts";
import { apiKeys } from "../../db/schema/access.ts";
import { creditBalances, creditTransactions, creditUsage } from "../../db/schema/credits.ts";
import { clients } from "../../db/schema/tenancy.ts";
import type { ApiOperationId } from "../api/operations.ts";
import { appendLedgerEntry } from "./ledger.ts";
import { claimSpilledUsage, spillUsage } from "./usage-spill.ts";
import type { RedisWatch } from "../cache/redis-watch.ts";
import {
  createFailoverLiveBalances,
  createMemoryLiveBalances,
  createRedisLiveBalances,
  type LiveBalances,
  type OwnUsage,
} from "./live-balances.ts";
import type { ChargeResult, CreditMeter, UsageEntry } from "./credit-types.ts";

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

type UsageRow = {
  day: string;
  clientId: string;
  apiKeyId: string;
  operation: ApiOperationId;
  requests: number;
  credits: number;
  errors: number;
};

type Batch = { id: string; clientId: string; rows: UsageRow[]; credits: number; attempts: number };

/** The ledger reference of a usage batch: lets a retry see that an earlier attempt did commit. */
export const usageBatchReference = (batchId: string) => `usage-batch:${batchId}`;

const KEY_TTL_MS = 7 * 24 * 60 * 60 * 1000;

type UsageKey = { day: string; clientId: string; apiKeyId: string | null; operation: string };

/** The order every writer adds to credit_usage rows in: by the unique key's columns. */
export function byUsageKey(a: UsageKey, b: UsageKey): number {
  for (const column of ["day", "clientId", "apiKeyId", "operation"] as const) {
    const x = a[column] ?? "";
    const y = b[column] ?? "";
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

export type CreditMeterWithInternals = CreditMeter & {
  /** credits reserved or recorded by this instance and not yet in the ledger, per client */
  unflushed(clientId: string): number;
};

export function createCreditMeter(options: CreditMeterOptions): CreditMeterWithInternals {
  const { db, logger, now } = options;
  const instanceId = options.instanceId ?? randomUUID();
  const shared = options.redis
    ? createRedisLiveBalances({
        redis: options.redis,
        keyPrefix: options.keyPrefix ?? "reeltime:credits",
        instanceId,
        now: () => now().getTime(),
        staleAfterMs: options.staleAfterMs ?? Math.max(30_000, options.flushIntervalMs * 10),
        keyTtlMs: KEY_TTL_MS,
      })
    : undefined;
  const store: LiveBalances = !shared
    ? createMemoryLiveBalances()
    : options.watch
      ? createFailoverLiveBalances(shared, options.watch)
      : shared;

  /** charged and not yet recorded (or refunded), counted from the moment the charge is asked for */
  const reserved = new Map<string, number>();
  /** the part of `reserved` whose charge is known to be admitted (its answer has arrived) */
  const admitted = new Map<string, number>();
  /** recorded and not yet committed to the ledger (buffered, being written, or waiting for a retry) */
  const recorded = new Map<string, number>();
  const buffer = new Map<string, UsageRow>();
  let retries: Batch[] = [];
  /** clients whose live balance this instance keeps up to date */
  const known = new Set<string>();
  const loading = new Map<string, Promise<void>>();
  let chain: Promise<void> = Promise.resolve();
  let closed = false;

  const add = (map: Map<string, number>, clientId: string, amount: number) => {
    const next = (map.get(clientId) ?? 0) + amount;
    if (next === 0) map.delete(clientId);
    else map.set(clientId, next);
  };
  const ownPending = (clientId: string) => (reserved.get(clientId) ?? 0) + (recorded.get(clientId) ?? 0);
  const own = (clientId: string): OwnUsage => ({
    pending: ownPending(clientId),
    applied: (admitted.get(clientId) ?? 0) + (recorded.get(clientId) ?? 0),
  });

  async function dbBalance(clientId: string): Promise<number> {
    const [row] = await db
      .select({ balance: creditBalances.balance })
      .from(creditBalances)
      .where(eq(creditBalances.clientId, clientId));
    return row ? Number(row.balance) : 0;
  }

  function load(clientId: string): Promise<void> {
    let pending = loading.get(clientId);
    if (!pending) {
      pending = (async () => {
        const balance = await dbBalance(clientId);
        await store.init(clientId, balance, own(clientId));
        known.add(clientId);
      })().finally(() => loading.delete(clientId));
      loading.set(clientId, pending);
    }
    return pending;
  }

  async function liveBalance(clientId: string): Promise<number> {
    const value = await store.get(clientId);
    if (value !== null) {
      known.add(clientId);
      return value;
    }
    await load(clientId);
    return (await store.get(clientId)) ?? dbBalance(clientId);
  }

  // ---- flushing ------------------------------------------------------------------------------

  function takeBatches(): Batch[] {
    const byClient = new Map<string, Batch>();
    for (const row of buffer.values()) {
      let batch = byClient.get(row.clientId);
      if (!batch) {
        batch = { id: randomUUID(), clientId: row.clientId, rows: [], credits: 0, attempts: 0 };
        byClient.set(row.clientId, batch);
      }
      batch.rows.push(row);
      batch.credits += row.credits;
    }
    buffer.clear();
    const batches = [...retries, ...byClient.values()];
    retries = [];
    return batches;
  }

  /** false when the client no longer exists (deleted with its ledger): nothing left to write to */
  async function clientExists(clientId: string) {
    const [row] = await db.select({ id: clients.uuid }).from(clients).where(eq(clients.uuid, clientId));
    return row !== undefined;
  }

  async function writeBatch(batch: Batch): Promise<void> {
    const reference = usageBatchReference(batch.id);
    await db.transaction(async (tx) => {
      // The lock order of every writer of the credit tables (docs/decisions/020): the client row (key
      // share, as the foreign keys below take it anyway), its credit_usage rows in key order, the ledger
      // row, the balance row. Taken first here, a client deleted meanwhile waits for this batch (or this
      // batch for the deletion) instead of the two locking each other out.
      await tx
        .select({ id: clients.uuid })
        .from(clients)
        .where(eq(clients.uuid, batch.clientId))
        .for("key share");
      let rows = batch.rows;
      if (batch.attempts > 0) {
        // The earlier attempt may have committed even though its answer was lost.
        if (batch.credits > 0) {
          const [done] = await tx
            .select({ id: creditTransactions.id })
            .from(creditTransactions)
            .where(
              and(
                eq(creditTransactions.clientId, batch.clientId),
                eq(creditTransactions.reference, reference),
              ),
            )
            .limit(1);
          if (done) return;
        }
        // A key deleted since: its usage stays counted, without the key.
        const keyIds = [...new Set(rows.map((r) => r.apiKeyId))];
        const existing = new Set(
          (await tx.select({ id: apiKeys.id }).from(apiKeys).where(inArray(apiKeys.id, keyIds))).map(
            (r) => r.id,
          ),
        );
        rows = rows.map((r) => (existing.has(r.apiKeyId) ? r : { ...r, apiKeyId: "" }));
      }
      const values = rows.map((row) => ({
        day: row.day,
        clientId: row.clientId,
        apiKeyId: row.apiKeyId === "" ? null : row.apiKeyId,
        operation: row.operation,
        requests: row.requests,
        credits: row.credits,
        errors: row.errors,
      }));
      // One statement, rows in key order: PostgreSQL takes the rows' locks in VALUES order, so two
      // instances adding to the same rows queue up instead of deadlocking (docs/decisions/020).
      const keyed = values.filter((v) => v.apiKeyId !== null).sort(byUsageKey);
      if (keyed.length > 0) {
        await tx
          .insert(creditUsage)
          .values(keyed)
          .onConflictDoUpdate({
            target: [creditUsage.day, creditUsage.clientId, creditUsage.apiKeyId, creditUsage.operation],
            set: {
              requests: sql`${creditUsage.requests} + excluded.requests`,
              credits: sql`${creditUsage.credits} + excluded.credits`,
              errors: sql`${creditUsage.errors} + excluded.errors`,
              updatedAt: sql`now()`,
            },
          });
      }
      // Rows of deleted keys never conflict (NULL is distinct in the unique index): plain inserts.
      const unkeyed = values.filter((v) => v.apiKeyId === null);
      if (unkeyed.length > 0) await tx.insert(creditUsage).values(unkeyed);
      // The balance row last (appendLedgerEntry), as every ledger writer does.
      if (batch.credits !== 0) {
        await appendLedgerEntry(tx, {
          clientId: batch.clientId,
          delta: -batch.credits,
          kind: "usage",
          reference,
        });
      }
    });
  }

  async function flushBatch(batch: Batch): Promise<void> {
    let committed: number | null = null;
    try {
      await store.flushBegin(batch.clientId);
    } catch (error) {
      logger.warn({ err: error, clientId: batch.clientId }, "credit meter: live balance store unavailable");
    }
    try {
      await writeBatch(batch);
      committed = batch.credits;
      add(recorded, batch.clientId, -batch.credits);
    } catch (error) {
      batch.attempts++;
      if (batch.attempts > 1 && !(await clientExists(batch.clientId).catch(() => true))) {
        logger.warn(
          { clientId: batch.clientId, credits: batch.credits },
          "credit meter: usage of a deleted client dropped",
        );
        add(recorded, batch.clientId, -batch.credits);
        committed = batch.credits;
      } else {
        retries.push(batch);
        logger.warn(
          { err: error, clientId: batch.clientId, credits: batch.credits, attempts: batch.attempts },
          "credit meter: usage flush failed; kept for the next one",
        );
      }
    } finally {
      await store
        .flushEnd(batch.clientId, committed, own(batch.clientId))
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
          store.reconcile(clientId, balances.get(clientId) ?? 0, own(clientId), versions[i]!),
        ),
      );
    }
  }

  async function flushOnce(): Promise<void> {
    for (const batch of takeBatches()) await flushBatch(batch);
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
  }, options.flushIntervalMs);
  timer.unref();

  // Usage a shutdown could not write (the database was down) is written by the next flushes.
  if (options.spillDirectory) {
    const directory = options.spillDirectory;
    chain = chain.then(async () => {
      const { batches, files, problems } = await claimSpilledUsage(directory);
      for (const batch of batches) {
        // attempts ≥ 1: the ledger is asked first whether an earlier attempt did commit.
        retries.push({ ...batch, attempts: Math.max(1, batch.attempts) });
        add(recorded, batch.clientId, batch.credits);
      }
      if (files > 0)
        logger.info(
          { files, batches: batches.length },
          "credit meter: usage kept at the last shutdown taken up",
        );
      if (problems.length > 0)
        logger.error({ problems }, "credit meter: kept usage files that cannot be read were left");
    });
  }

  // ---- the contract --------------------------------------------------------------------------

  return {
    async charge(clientId, credits): Promise<ChargeResult> {
      if (credits <= 0) return { admitted: true, remaining: await liveBalance(clientId) };
      // Reserved before asking, so a recomputation running meanwhile counts this call as pending.
      const applied = own(clientId);
      add(reserved, clientId, credits);
      try {
        let result = await store.charge(clientId, credits, applied);
        if (result.state === "missing") {
          // Not applied: the loaded balance must not count this call as already spent.
          add(reserved, clientId, -credits);
          await load(clientId);
          add(reserved, clientId, credits);
          result = await store.charge(clientId, credits, own(clientId));
        }
        if (result.state === "missing") {
          // Loaded and gone again: the live balances switched stores in between (Redis failing over to
          // memory or back). The database decides, by the store's own rule: this instance's other
          // unwritten calls count as spent, and a balance above zero admits the call.
          const before = (await dbBalance(clientId)) - (ownPending(clientId) - credits);
          result =
            before > 0
              ? { state: "admitted", remaining: before - credits }
              : { state: "refused", remaining: before };
        }
        if (result.state === "admitted") {
          add(admitted, clientId, credits);
          known.add(clientId);
          return { admitted: true, remaining: result.remaining };
        }
        add(reserved, clientId, -credits);
        return { admitted: false, remaining: result.state === "refused" ? result.remaining : 0 };
      } catch (error) {
        add(reserved, clientId, -credits);
        throw error;
      }
    },

    async refund(clientId, credits) {
      if (credits <= 0) return;
      add(reserved, clientId, -credits);
      add(admitted, clientId, -credits);
      await store.refund(clientId, credits, own(clientId));
    },

    record(entry: UsageEntry) {
      const day = entry.at.toISOString().slice(0, 10);
      const key = `${day}|${entry.clientId}|${entry.apiKeyId}|${entry.operation}`;
      let row = buffer.get(key);
      if (!row) {
        row = {
          day,
          clientId: entry.clientId,
          apiKeyId: entry.apiKeyId,
          operation: entry.operation,
          requests: 0,
          credits: 0,
          errors: 0,
        };
        buffer.set(key, row);
      }
      row.requests += 1;
      row.credits += entry.credits;
      if (entry.error) row.errors += 1;
      // The reservation becomes recorded usage: the live balance already counts it.
      add(reserved, entry.clientId, -entry.credits);
      add(admitted, entry.clientId, -entry.credits);
      add(recorded, entry.clientId, entry.credits);
    },

    balance: liveBalance,

    async applyLedgerDelta(clientId, delta) {
      if (delta === 0) return;
      await store.applyDelta(clientId, delta);
    },

    flush,

    async close() {
      if (closed) return chain;
      closed = true;
      clearInterval(timer);
      await flush();
      // One more try for what failed; whatever still fails is kept for the next start, or else logged.
      if (retries.length > 0) await flush();
      if (retries.length > 0 && options.spillDirectory) {
        try {
          const file = await spillUsage(options.spillDirectory, retries);
          logger.warn(
            { file, batches: retries.length, credits: retries.reduce((sum, b) => sum + b.credits, 0) },
            "credit meter: usage the database did not take is kept for the next start",
          );
          retries = [];
        } catch (error) {
          logger.error({ err: error }, "credit meter: keeping unwritten usage failed");
        }
      }
      if (retries.length > 0) {
        logger.error(
          {
            batches: retries.map((b) => ({
              clientId: b.clientId,
              credits: b.credits,
              requests: b.rows.length,
            })),
          },
          "credit meter: usage not written at shutdown",
        );
      }
    },

    unflushed: (clientId) => ownPending(clientId),
  };
}
