// The widget's metering: counts batched per API and key, sent once after a quiet moment or at once on
// flush (page hidden or left), never a request for nothing.
import { describe, expect, it } from "vitest";
import type { UsageCounts } from "./api.ts";
import { createMeter, MAX_BATCH } from "./usage-meter.ts";

function fakeTimers() {
  let next = 1;
  const pending = new Map<number, () => void>();
  return {
    set: (run: () => void) => {
      pending.set(next, run);
      return next++;
    },
    clear: (handle: unknown) => void pending.delete(handle as number),
    /** runs what is due (every pending timer) */
    elapse: () => {
      const due = [...pending.values()];
      pending.clear();
      for (const run of due) run();
    },
    get pending() {
      return pending.size;
    },
  };
}

describe("the widget's meter", () => {
  it("sends a burst of counts as one request per API and key, after the last one", () => {
    const sent: [string, string, UsageCounts][] = [];
    const timers = fakeTimers();
    const meter = createMeter((api, key, counts) => sent.push([api, key, { ...counts }]), timers);
    meter.count("https://api.example", "rt_pk_a", "impressions");
    meter.count("https://api.example", "rt_pk_a", "impressions");
    meter.count("https://api.example", "rt_pk_a", "clicks");
    meter.count("https://api.example", "rt_pk_b", "impressions");
    expect(sent).toEqual([]);
    expect(timers.pending).toBe(1);
    timers.elapse();
    expect(sent).toEqual([
      ["https://api.example", "rt_pk_a", { impressions: 2, clicks: 1 }],
      ["https://api.example", "rt_pk_b", { impressions: 1, clicks: 0 }],
    ]);
    timers.elapse();
    meter.flush();
    expect(sent).toHaveLength(2);
  });

  it("sends at once on flush and cancels the pending timer; a full batch goes by itself", () => {
    const sent: UsageCounts[] = [];
    const timers = fakeTimers();
    const meter = createMeter((_api, _key, counts) => sent.push({ ...counts }), timers);
    meter.count("https://api.example", "rt_pk_a", "clicks");
    meter.flush();
    expect(sent).toEqual([{ impressions: 0, clicks: 1 }]);
    expect(timers.pending).toBe(0);
    for (let n = 0; n < MAX_BATCH; n++) meter.count("https://api.example", "rt_pk_a", "impressions");
    expect(sent.at(-1)).toEqual({ impressions: MAX_BATCH, clicks: 0 });
    expect(timers.pending).toBe(0);
  });
});
