// iCalendar (RFC 5545) text for shows: one VTIMEZONE per cinema time zone used, events whose DTSTART and
// DTEND name that zone (TZID), TEXT values escaped (§3.3.11) and lines folded at 75 octets (§3.1).
import { localStamp, offsetMinutesAt, transitionsBetween, utcStamp } from "./time-zone-rules.ts";

export type CalendarEvent = {
  /** stable across downloads and feed refreshes, so calendar apps update instead of duplicating */
  uid: string;
  start: Date;
  end: Date;
  timeZone: string;
  summary: string;
  location: string;
  description: string;
  url: string | null;
  /** when the event last changed (DTSTAMP, LAST-MODIFIED) */
  stamp: Date;
  cancelled?: boolean;
};

export type CalendarDocument = {
  /** the calendar's name in apps that show one (X-WR-CALNAME) */
  name?: string;
  events: readonly CalendarEvent[];
};

const PRODUCT_ID = "-//Reeltime//Showtimes//EN";
const FOLD_AT = 75;

/** TEXT value escaping: backslash, semicolon, comma and line breaks (§3.3.11). */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/** Folds a content line into ≤ 75-octet pieces, never inside a UTF-8 character (§3.1). */
export function foldLine(line: string): string {
  const pieces: string[] = [];
  let current = "";
  let octets = 0;
  for (const character of line) {
    const size = Buffer.byteLength(character, "utf8");
    // Continuation lines start with a space, which counts towards their 75 octets.
    const limit = pieces.length === 0 ? FOLD_AT : FOLD_AT - 1;
    if (octets + size > limit) {
      pieces.push(current);
      current = "";
      octets = 0;
    }
    current += character;
    octets += size;
  }
  pieces.push(current);
  return pieces.join("\r\n ");
}

/** The VTIMEZONE of `timeZone` covering the whole calendar years of [fromMs, toMs], from Intl's rules. */
export function timeZoneComponent(timeZone: string, fromMs: number, toMs: number): string[] {
  const start = Date.UTC(new Date(fromMs).getUTCFullYear(), 0, 1);
  const end = Date.UTC(new Date(toMs).getUTCFullYear() + 1, 0, 1);
  const transitions = transitionsBetween(timeZone, start, end);
  const first = offsetMinutesAt(timeZone, start);
  const observances = [{ atMs: start, from: transitions[0]?.from ?? first, to: first }, ...transitions].map(
    (t, index, all) => {
      // Summer time is the higher of the offsets a change moves between.
      const other = index === 0 ? (all[1]?.to ?? t.to) : t.from;
      const kind = t.to > other ? "DAYLIGHT" : "STANDARD";
      return [
        `BEGIN:${kind}`,
        `DTSTART:${localStamp(t.atMs, t.from)}`,
        `TZOFFSETFROM:${offsetText(t.from)}`,
        `TZOFFSETTO:${offsetText(t.to)}`,
        `END:${kind}`,
      ];
    },
  );
  return ["BEGIN:VTIMEZONE", `TZID:${timeZone}`, ...observances.flat(), "END:VTIMEZONE"];
}

function offsetText(minutes: number): string {
  const sign = minutes < 0 ? "-" : "+";
  const absolute = Math.abs(minutes);
  return `${sign}${String(Math.floor(absolute / 60)).padStart(2, "0")}${String(absolute % 60).padStart(2, "0")}`;
}

function eventLines(event: CalendarEvent): string[] {
  const zoned = (date: Date) => localStamp(date.getTime(), offsetMinutesAt(event.timeZone, date.getTime()));
  return [
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `DTSTAMP:${utcStamp(event.stamp.getTime())}`,
    `LAST-MODIFIED:${utcStamp(event.stamp.getTime())}`,
    `DTSTART;TZID=${event.timeZone}:${zoned(event.start)}`,
    `DTEND;TZID=${event.timeZone}:${zoned(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `LOCATION:${escapeText(event.location)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    // A URI value is not TEXT: it is written as is.
    ...(event.url ? [`URL:${event.url}`] : []),
    `STATUS:${event.cancelled ? "CANCELLED" : "CONFIRMED"}`,
    "TRANSP:OPAQUE",
    "END:VEVENT",
  ];
}

/** The whole file, CRLF line ends. */
export function buildCalendar(document: CalendarDocument): string {
  const zones = new Map<string, { from: number; to: number }>();
  for (const event of document.events) {
    const known = zones.get(event.timeZone);
    const from = event.start.getTime();
    const to = event.end.getTime();
    zones.set(event.timeZone, {
      from: Math.min(known?.from ?? from, from),
      to: Math.max(known?.to ?? to, to),
    });
  }
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${PRODUCT_ID}`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    ...(document.name ? [`X-WR-CALNAME:${escapeText(document.name)}`] : []),
    ...[...zones].flatMap(([zone, range]) => timeZoneComponent(zone, range.from, range.to)),
    ...document.events.flatMap(eventLines),
    "END:VCALENDAR",
  ];
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}

/** "Add to Google Calendar": its event template link, times in UTC with the cinema's zone as ctz. */
export function googleCalendarUrl(event: CalendarEvent): string {
  const params = new URLSearchParams({
    action: "TEMPLATE",
    text: event.summary,
    dates: `${utcStamp(event.start.getTime())}/${utcStamp(event.end.getTime())}`,
    ctz: event.timeZone,
    details: event.url ? `${event.description}\n\n${event.url}` : event.description,
    location: event.location,
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}
