// Finished calls counted in memory, one row per (day, client, key, operation), until a flush takes them
// as one batch per client; batches whose write failed wait here for the next flush.
import { randomUUID } from "node:crypto";
import type { ApiOperationId } from "../api/operations.ts";
import type { UsageEntry } from "./credit-types.ts";

export type UsageRow = {
  day: string;
  clientId: string;
  apiKeyId: string;
  operation: ApiOperationId;
  requests: number;
  credits: number;
  errors: number;
};

export type UsageBatch = {
  id: string;
  clientId: string;
  rows: UsageRow[];
  credits: number;
  attempts: number;
};

export type UsageBuffer = ReturnType<typeof createUsageBuffer>;

export function createUsageBuffer() {
  const buffer = new Map<string, UsageRow>();
  let retries: UsageBatch[] = [];

  return {
    add(entry: UsageEntry) {
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
    },

    /** the batches to write now: those waiting for a retry first, then the buffer's, one per client */
    take(): UsageBatch[] {
      const byClient = new Map<string, UsageBatch>();
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
    },

    retry(batch: UsageBatch) {
      retries.push(batch);
    },
    /** the batches waiting for a retry */
    failed: (): readonly UsageBatch[] => retries,
    dropFailed() {
      retries = [];
    },
  };
}
