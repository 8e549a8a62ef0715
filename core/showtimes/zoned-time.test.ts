import { describe, expect, it } from "vitest";
import { isKnownTimeZone, isoInZone, listingDateInZone } from "./zoned-time.ts";

/** ICU asked for every instant: what isoInZone must always equal. */
const referenceFormatters = new Map<string, Intl.DateTimeFormat>();
function referenceIso(instant: Date, timeZone: string): string {
  const parts: Record<string, string> = {};
  const formatter =
    referenceFormatters.get(timeZone) ??
    new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      timeZoneName: "longOffset",
    });
  referenceFormatters.set(timeZone, formatter);
  for (const part of formatter.formatToParts(instant)) parts[part.type] = part.value;
  const zone = parts.timeZoneName ?? "GMT";
  const offset = zone === "GMT" ? "+00:00" : zone.slice(3);
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${offset}`;
}

describe("zoned times", () => {
  it("writes an instant in the zone with that moment's offset", () => {
    expect(isoInZone(new Date("2026-11-24T19:15:00Z"), "Europe/Amsterdam")).toBe("2026-11-24T20:15:00+01:00");
    expect(isoInZone(new Date("2026-07-01T18:15:00Z"), "Europe/Amsterdam")).toBe("2026-07-01T20:15:00+02:00");
    expect(isoInZone(new Date("2026-07-01T18:15:00Z"), "UTC")).toBe("2026-07-01T18:15:00+00:00");
    expect(isoInZone(new Date("2026-07-01T18:15:00Z"), "Asia/Kolkata")).toBe("2026-07-01T23:45:00+05:30");
    expect(isoInZone(new Date("2026-07-01T18:15:00Z"), "America/St_Johns")).toBe("2026-07-01T15:45:00-02:30");
  });

  it("agrees with ICU around every transition, in zones with half-hour and odd offsets", () => {
    const zones = [
      "Europe/Amsterdam",
      "America/New_York",
      "America/St_Johns",
      "Australia/Lord_Howe",
      "Pacific/Chatham",
      "Asia/Kathmandu",
      "Africa/Casablanca",
      "UTC",
    ];
    // Each spring and autumn change of 2026, both hemispheres: a day either side, every 7 min 13 s.
    const days = [
      "2026-03-08",
      "2026-03-29",
      "2026-04-05",
      "2026-09-27",
      "2026-10-04",
      "2026-10-25",
      "2026-11-01",
    ];
    for (const zone of zones) {
      for (const day of days) {
        const start = Date.parse(`${day}T00:00:00Z`) - 86_400_000;
        for (let at = start; at < start + 3 * 86_400_000; at += 433_000) {
          const instant = new Date(at);
          expect(isoInZone(instant, zone), `${zone} ${instant.toISOString()}`).toBe(
            referenceIso(instant, zone),
          );
        }
      }
    }
  });

  it("is exact to the second on each side of a change", () => {
    // Amsterdam springs forward at 01:00 UTC on 29 March 2026 and falls back at 01:00 UTC on 25 October.
    expect(isoInZone(new Date("2026-03-29T00:59:59.999Z"), "Europe/Amsterdam")).toBe(
      "2026-03-29T01:59:59+01:00",
    );
    expect(isoInZone(new Date("2026-03-29T01:00:00Z"), "Europe/Amsterdam")).toBe("2026-03-29T03:00:00+02:00");
    expect(isoInZone(new Date("2026-10-25T00:59:59Z"), "Europe/Amsterdam")).toBe("2026-10-25T02:59:59+02:00");
    expect(isoInZone(new Date("2026-10-25T01:00:00Z"), "Europe/Amsterdam")).toBe("2026-10-25T02:00:00+01:00");
    // Lord Howe moves half an hour, at 15:30 UTC (not on a UTC hour).
    for (const at of [
      "2026-10-03T15:29:59Z",
      "2026-10-03T15:30:00Z",
      "2026-04-04T14:59:59Z",
      "2026-04-04T15:00:00Z",
    ]) {
      expect(isoInZone(new Date(at), "Australia/Lord_Howe"), at).toBe(
        referenceIso(new Date(at), "Australia/Lord_Howe"),
      );
    }
  });

  it("puts shows before 03:00 local on the listing day before", () => {
    expect(listingDateInZone(new Date("2026-11-25T23:30:00Z"), "Europe/Amsterdam")).toBe("2026-11-25");
    expect(listingDateInZone(new Date("2026-11-26T01:59:00Z"), "Europe/Amsterdam")).toBe("2026-11-25");
    expect(listingDateInZone(new Date("2026-11-26T02:00:00Z"), "Europe/Amsterdam")).toBe("2026-11-26");
  });

  it("knows IANA zones", () => {
    expect(isKnownTimeZone("Europe/Copenhagen")).toBe(true);
    expect(isKnownTimeZone("Mars/Olympus_Mons")).toBe(false);
  });
});

describe("zoned times across daylight saving", () => {
  it("switches the offset at the transition, to the minute", () => {
    // Amsterdam: 2026-03-29 02:00 +01:00 → 03:00 +02:00 (01:00 UTC); 2026-10-25 03:00 +02:00 → 02:00 +01:00.
    expect(isoInZone(new Date("2026-03-29T00:59:59Z"), "Europe/Amsterdam")).toBe("2026-03-29T01:59:59+01:00");
    expect(isoInZone(new Date("2026-03-29T01:00:00Z"), "Europe/Amsterdam")).toBe("2026-03-29T03:00:00+02:00");
    expect(isoInZone(new Date("2026-10-25T00:59:59Z"), "Europe/Amsterdam")).toBe("2026-10-25T02:59:59+02:00");
    expect(isoInZone(new Date("2026-10-25T01:00:00Z"), "Europe/Amsterdam")).toBe("2026-10-25T02:00:00+01:00");
    // Lord Howe Island moves by half an hour.
    expect(isoInZone(new Date("2026-04-04T14:59:00Z"), "Australia/Lord_Howe")).toBe(
      "2026-04-05T01:59:00+11:00",
    );
    expect(isoInZone(new Date("2026-04-04T15:00:00Z"), "Australia/Lord_Howe")).toBe(
      "2026-04-05T01:30:00+10:30",
    );
  });

  it("agrees with Intl for every quarter hour of a year", () => {
    const intl = new Intl.DateTimeFormat("sv-SE", {
      timeZone: "America/New_York",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    for (
      let ms = Date.parse("2026-01-01T00:07:00Z");
      ms < Date.parse("2027-01-01T00:00:00Z");
      ms += 15 * 60_000
    ) {
      const expected = intl.format(new Date(ms)).replace(" ", "T");
      expect(isoInZone(new Date(ms), "America/New_York").slice(0, 19)).toBe(expected);
    }
  });
});
