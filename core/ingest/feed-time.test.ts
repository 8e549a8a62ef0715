// Feed times: local wall-clock times in the cinema's zone (daylight saving both ways), instants as given.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isKnownTimeZone, parseFeedTime } from "./feed-time.ts";

const iso = (value: string, zone: string) => parseFeedTime(value, zone)?.toISOString() ?? null;

describe("parseFeedTime", () => {
  it("reads a local time in the cinema's zone, summer and winter", () => {
    expect(iso("2025-07-01T20:30", "Europe/Amsterdam")).toBe("2025-07-01T18:30:00.000Z");
    expect(iso("2025-01-15T20:30:00", "Europe/Amsterdam")).toBe("2025-01-15T19:30:00.000Z");
    expect(iso("2025-01-15 20:30", "Europe/London")).toBe("2025-01-15T20:30:00.000Z");
    expect(iso("2025-07-01T20:30", "America/New_York")).toBe("2025-07-02T00:30:00.000Z");
  });

  it("moves a time the spring change skips forward by the gap", () => {
    // 30 March 2025: Amsterdam's clocks go from 02:00 to 03:00.
    expect(iso("2025-03-30T02:30", "Europe/Amsterdam")).toBe("2025-03-30T01:30:00.000Z");
    expect(iso("2025-03-30T01:59", "Europe/Amsterdam")).toBe("2025-03-30T00:59:00.000Z");
    expect(iso("2025-03-30T03:00", "Europe/Amsterdam")).toBe("2025-03-30T01:00:00.000Z");
  });

  it("takes the first of a time the autumn change repeats", () => {
    // 26 October 2025: 03:00 back to 02:00, so 02:30 happens at 00:30Z and again at 01:30Z.
    expect(iso("2025-10-26T02:30", "Europe/Amsterdam")).toBe("2025-10-26T00:30:00.000Z");
    expect(iso("2025-10-26T03:30", "Europe/Amsterdam")).toBe("2025-10-26T02:30:00.000Z");
    expect(iso("2025-10-26T01:30", "Europe/Amsterdam")).toBe("2025-10-25T23:30:00.000Z");
  });

  it("keeps an instant's own offset", () => {
    expect(iso("2024-10-20T16:50:00+02:00", "Europe/London")).toBe("2024-10-20T14:50:00.000Z");
    expect(iso("2018-12-26T09:30:00.000Z", "Europe/Amsterdam")).toBe("2018-12-26T09:30:00.000Z");
    expect(iso("2024-10-20T16:50+0200", "Europe/Amsterdam")).toBe("2024-10-20T14:50:00.000Z");
  });

  it("refuses what is no time", () => {
    for (const bad of [
      "",
      "tomorrow",
      "2025-02-30T20:00",
      "2025-13-01T10:00",
      "2025-01-01T24:00",
      "2025-01-01",
      "20:30",
      "2025-01-01T10:60",
    ]) {
      expect(parseFeedTime(bad, "Europe/Amsterdam"), bad).toBeNull();
    }
  });

  it("gives back the wall time it was given, in any zone, outside the skipped hour", () => {
    const zones = [
      "Europe/Amsterdam",
      "Europe/London",
      "America/Sao_Paulo",
      "Australia/Sydney",
      "Asia/Kolkata",
    ];
    fc.assert(
      fc.property(
        fc.date({
          min: new Date("2000-01-01T00:00:00Z"),
          max: new Date("2040-01-01T00:00:00Z"),
          noInvalidDate: true,
        }),
        fc.constantFrom(...zones),
        (instant, zone) => {
          const wall = new Intl.DateTimeFormat("sv-SE", {
            timeZone: zone,
            year: "numeric",
            month: "2-digit",
            day: "2-digit",
            hour: "2-digit",
            minute: "2-digit",
            hourCycle: "h23",
          })
            .format(instant)
            .replace(" ", "T");
          const back = parseFeedTime(wall, zone);
          expect(back).not.toBeNull();
          // The same wall time, read back in the zone (a repeated hour may land on its other instant).
          const again = new Intl.DateTimeFormat("sv-SE", {
            timeZone: zone,
            year: "numeric",
            month: "2-digit",
            day: "2-digit",
            hour: "2-digit",
            minute: "2-digit",
            hourCycle: "h23",
          })
            .format(back!)
            .replace(" ", "T");
          expect(again).toBe(wall);
        },
      ),
    );
  });

  it("knows real zones and refuses invented ones", () => {
    expect(isKnownTimeZone("Europe/Amsterdam")).toBe(true);
    expect(isKnownTimeZone("Mars/Base")).toBe(false);
  });
});
