// The iCalendar writer, read back by ical.js (an independent parser): the cinema's zone as TZID with a
// VTIMEZONE that yields the right UTC instants on both sides of a DST change, escaping and folding.
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { buildCalendar, escapeText, foldLine, googleCalendarUrl, type CalendarEvent } from "./ics.ts";

function event(overrides: Partial<CalendarEvent> = {}): CalendarEvent {
  return {
    uid: "show-1@reeltime.test",
    start: new Date("2026-10-24T18:15:00Z"), // 20:15 in Amsterdam (summer time, +02:00)
    end: new Date("2026-10-24T20:40:00Z"),
    timeZone: "Europe/Amsterdam",
    summary: 'Wicked; Part One, "For Good"',
    location: "Kriterion, Roetersstraat 170, 1018 WE Amsterdam",
    description: "IMAX, OV\nThe end time is an estimate.",
    url: "https://tickets.example/show/1?a=1&b=2",
    stamp: new Date("2026-10-20T10:00:00Z"),
    ...overrides,
  };
}

function parse(text: string) {
  const root = new ICAL.Component(ICAL.parse(text));
  for (const zone of root.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  return root.getAllSubcomponents("vevent").map((component) => new ICAL.Event(component));
}

describe("buildCalendar", () => {
  it("writes local times with the cinema's TZID that ical.js turns back into the same instants", () => {
    const winter = event({
      uid: "show-2@reeltime.test",
      start: new Date("2026-10-25T19:00:00Z"), // 20:00 in Amsterdam after the change to +01:00
      end: new Date("2026-10-25T21:10:00Z"),
    });
    const text = buildCalendar({ name: "Kriterion", events: [event(), winter] });
    expect(text).toContain("DTSTART;TZID=Europe/Amsterdam:20261024T201500");
    expect(text).toContain("DTEND;TZID=Europe/Amsterdam:20261024T224000");
    expect(text).toContain("DTSTART;TZID=Europe/Amsterdam:20261025T200000");
    const [summer, after] = parse(text);
    expect(summer!.startDate.zone?.tzid).toBe("Europe/Amsterdam");
    expect(summer!.startDate.toJSDate().toISOString()).toBe("2026-10-24T18:15:00.000Z");
    expect(summer!.endDate.toJSDate().toISOString()).toBe("2026-10-24T20:40:00.000Z");
    expect(after!.startDate.toJSDate().toISOString()).toBe("2026-10-25T19:00:00.000Z");
    expect(after!.endDate.toJSDate().toISOString()).toBe("2026-10-25T21:10:00.000Z");
    expect(summer!.summary).toBe('Wicked; Part One, "For Good"');
    expect(summer!.description).toBe("IMAX, OV\nThe end time is an estimate.");
    expect(summer!.uid).toBe("show-1@reeltime.test");
    expect(summer!.component.getFirstPropertyValue("url")).toBe("https://tickets.example/show/1?a=1&b=2");
  });

  it("describes zones without summer time and zones west of UTC", () => {
    const text = buildCalendar({
      events: [event({ timeZone: "America/New_York" }), event({ uid: "b", timeZone: "Asia/Kolkata" })],
    });
    const [ny, kolkata] = parse(text);
    expect(ny!.startDate.zone?.tzid).toBe("America/New_York");
    expect(ny!.startDate.toJSDate().toISOString()).toBe("2026-10-24T18:15:00.000Z");
    expect(text).toContain("DTSTART;TZID=America/New_York:20261024T141500");
    expect(kolkata!.startDate.toJSDate().toISOString()).toBe("2026-10-24T18:15:00.000Z");
    expect(text).toContain("TZOFFSETTO:+0530");
  });

  it("ends every line with CRLF and keeps lines within 75 octets", () => {
    const text = buildCalendar({ events: [event({ description: "é".repeat(200) })] });
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toContain("\n");
    for (const line of text.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(parse(text)[0]!.description).toBe("é".repeat(200));
  });
});

describe("escapeText and foldLine", () => {
  it("escapes backslashes, semicolons, commas and line breaks", () => {
    expect(escapeText("a\\b;c,d\r\ne\nf")).toBe("a\\\\b\\;c\\,d\\ne\\nf");
  });

  it("folds at 75 octets without splitting a character", () => {
    const folded = foldLine(`SUMMARY:${"€".repeat(40)}`);
    const lines = folded.split("\r\n");
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(lines.slice(1).every((line) => line.startsWith(" "))).toBe(true);
    expect(lines.map((line, i) => (i ? line.slice(1) : line)).join("")).toBe(`SUMMARY:${"€".repeat(40)}`);
  });
});

describe("googleCalendarUrl", () => {
  it("gives UTC dates and the cinema's zone", () => {
    const url = new URL(googleCalendarUrl(event()));
    expect(url.origin + url.pathname).toBe("https://calendar.google.com/calendar/render");
    expect(url.searchParams.get("action")).toBe("TEMPLATE");
    expect(url.searchParams.get("dates")).toBe("20261024T181500Z/20261024T204000Z");
    expect(url.searchParams.get("ctz")).toBe("Europe/Amsterdam");
    expect(url.searchParams.get("text")).toBe('Wicked; Part One, "For Good"');
  });
});
