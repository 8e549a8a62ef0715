import { describe, expect, it } from "vitest";
import { formatDateTime } from "./date-time.ts";

const MOMENT = "2026-11-25T13:05:00Z";

describe("formatDateTime", () => {
  it("shows date, time and the zone's name in the interface language", () => {
    expect(formatDateTime("nl", MOMENT, "Europe/Amsterdam")).toBe("25 nov 2026, 14:05 CET");
    expect(formatDateTime("en", MOMENT, "Asia/Tokyo").replace(/\s/g, " ")).toBe("Nov 25, 2026, 22:05 GMT+9");
    expect(formatDateTime("en", new Date(MOMENT), "UTC").replace(/\s/g, " ")).toBe("Nov 25, 2026, 13:05 UTC");
  });

  it("uses the 24-hour clock in English and most languages, the 12-hour one where it is the custom", () => {
    expect(formatDateTime("en", MOMENT, "Europe/Amsterdam")).not.toMatch(/AM|PM/);
    expect(formatDateTime("de", MOMENT, "Europe/Berlin")).toContain("14:05");
    expect(formatDateTime("ko", MOMENT, "Asia/Seoul")).toContain("오후");
  });

  it("falls back to UTC for a zone Intl does not know, and keeps a bad value as it is", () => {
    expect(formatDateTime("nl", MOMENT, "Mars/Olympus")).toBe("25 nov 2026, 13:05 UTC");
    expect(formatDateTime("nl", "not a date", "UTC")).toBe("not a date");
  });
});
