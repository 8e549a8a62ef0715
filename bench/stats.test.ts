import { describe, expect, it } from "vitest";
import { formatRatio, median, percentile, renderTable, sample, summarize } from "./stats.ts";

describe("percentile", () => {
  it("uses the nearest rank", () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i); // 100 … 1, unsorted
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile(values, 100)).toBe(100);
    expect(percentile(values, 0)).toBe(1);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBeNaN();
  });

  it("takes the median of odd and even counts", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
    expect(median([])).toBeNaN();
  });

  it("summarizes", () => {
    expect(summarize([3, 1, 2])).toEqual({ count: 3, p50: 2, p99: 3, max: 3 });
  });
});

describe("formatting", () => {
  it("prints ratios and tables", () => {
    expect(formatRatio(34, 10)).toBe("×3.40");
    expect(formatRatio(1, Number.NaN)).toBe("–");
    expect(
      renderTable(
        ["case", "p50"],
        [
          ["demo", "1 ms"],
          ["1M", "12 ms"],
        ],
      ),
    ).toBe(["case    p50", "────  ─────", "demo   1 ms", "1M    12 ms"].join("\n"));
  });
});

describe("sample", () => {
  it("collects the requested number of samples after warm-up", async () => {
    let calls = 0;
    const { samples, last } = await sample(async () => ++calls, { iterations: 10, warmup: 2, maxMs: 10_000 });
    expect(samples).toHaveLength(10);
    expect(calls).toBe(12);
    expect(last).toBe(12);
  });
});
