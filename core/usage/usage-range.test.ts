import { describe, expect, it } from "vitest";
import { readUsageRange, usageWindow, zeroFill } from "./usage-range.ts";
import { apiUsageTotals, widgetUsageTotals } from "./usage-totals.ts";

describe("usageWindow", () => {
  it("covers the given number of UTC days ending today, today included", () => {
    const window = usageWindow(new Date("2026-03-01T23:59:59Z"), 7);
    expect(window).toEqual({
      from: "2026-02-23",
      to: "2026-03-01",
      days: [
        "2026-02-23",
        "2026-02-24",
        "2026-02-25",
        "2026-02-26",
        "2026-02-27",
        "2026-02-28",
        "2026-03-01",
      ],
    });
    expect(usageWindow(new Date("2024-03-31T00:00:00Z"), 90).days).toHaveLength(90);
    expect(usageWindow(new Date("2024-03-31T00:00:00Z"), 90).from).toBe("2024-01-02");
  });

  it("zero-fills the days without rows and keeps the rows found", () => {
    const window = usageWindow(new Date("2026-03-03T12:00:00Z"), 3);
    const rows = zeroFill(window, [{ day: "2026-03-02", n: 5 }], (day) => ({ day, n: 0 }));
    expect(rows).toEqual([
      { day: "2026-03-01", n: 0 },
      { day: "2026-03-02", n: 5 },
      { day: "2026-03-03", n: 0 },
    ]);
  });
});

describe("readUsageRange", () => {
  it("accepts 7, 30 and 90 days and falls back to 30 for anything else", () => {
    expect(readUsageRange("7")).toBe(7);
    expect(readUsageRange("90")).toBe(90);
    for (const value of [null, undefined, "", "31", "-7", "7.0x", "1e9"])
      expect(readUsageRange(value)).toBe(30);
  });
});

describe("totals", () => {
  it("sums requests, credits and errors with the error rate, and impressions with the click-through rate", () => {
    expect(
      apiUsageTotals([
        { requests: 10, credits: 9, errors: 1 },
        { requests: 30, credits: 30, errors: 3 },
      ]),
    ).toEqual({ requests: 40, credits: 39, errors: 4, errorRate: 0.1 });
    expect(apiUsageTotals([])).toEqual({ requests: 0, credits: 0, errors: 0, errorRate: 0 });
    expect(widgetUsageTotals([{ impressions: 200, clicks: 10 }])).toEqual({
      impressions: 200,
      clicks: 10,
      clickThroughRate: 0.05,
    });
    expect(widgetUsageTotals([]).clickThroughRate).toBe(0);
  });
});
