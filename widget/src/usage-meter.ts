// What the widgets of a page count for their clients' statistics: impressions (a mount that showed
// showtimes) and clicks (a booking link followed), batched per API and key, and sent in one request a
// few seconds after the last count, or at once when the page is hidden or left. Counts only: nothing
// about the visitor.
import type { UsageCounts } from "./api.ts";

/** The API refuses larger batches; a page never gets near it, but a long-lived one flushes at it. */
export const MAX_BATCH = 1000;
export const FLUSH_DELAY_MS = 3000;

export type Meter = {
  count(api: string, key: string, kind: keyof UsageCounts): void;
  /** sends every pending batch now */
  flush(): void;
};

export function createMeter(
  send: (api: string, key: string, counts: UsageCounts) => void,
  timers: {
    set: (run: () => void, ms: number) => unknown;
    clear: (handle: unknown) => void;
  },
  delayMs = FLUSH_DELAY_MS,
): Meter {
  const pending = new Map<string, { api: string; key: string; counts: UsageCounts }>();
  let timer: unknown;

  const flush = () => {
    if (timer !== undefined) timers.clear(timer);
    timer = undefined;
    const batches = [...pending.values()];
    pending.clear();
    for (const batch of batches) send(batch.api, batch.key, batch.counts);
  };

  return {
    count(api, key, kind) {
      const id = `${api} ${key}`;
      const batch = pending.get(id) ?? { api, key, counts: { impressions: 0, clicks: 0 } };
      batch.counts[kind] += 1;
      pending.set(id, batch);
      if (batch.counts[kind] >= MAX_BATCH) return flush();
      // Debounced: a burst of counts (a page with several widgets, a few clicks) is one request.
      if (timer !== undefined) timers.clear(timer);
      timer = timers.set(flush, delayMs);
    },
    flush,
  };
}
