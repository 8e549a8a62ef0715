// Instants as the API shows them: ISO 8601 in the cinema's own time zone, with its offset
// ("2026-11-24T20:15:00+01:00"), and the listing day (03:00 → 03:00 local) a show belongs to.
//
// Intl formatting costs tens of microseconds a call, and a page of showtimes needs a thousand of them.
// So Intl is asked for a zone's UTC offset at the start and the end of a UTC day: when they agree (every
// day but the few with a transition) the whole day has that offset; on a transition day the offset is
// asked per quarter hour (transitions in use all fall on one). The rest is arithmetic.
import { LISTING_DAY_START_HOUR } from "./listing-day.ts";

const QUARTER_HOUR_MS = 15 * 60_000;
const DAY_MS = 86_400_000;
const MAX_CACHED_OFFSETS = 20_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Minutes east of UTC, asked of Intl ("GMT+05:30" → 330; plain "GMT" → 0). */
function intlOffset(timeZone: string, ms: number): number {
  const name =
    formatterFor(timeZone)
      .formatToParts(new Date(ms))
      .find((part) => part.type === "timeZoneName")?.value ?? "GMT";
  const match = /^GMT([+-])(\d{2}):(\d{2})$/.exec(name);
  return match ? (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

function remembered(key: string, compute: () => number | null): number | null {
  const known = offsets.get(key);
  if (known !== undefined) return known;
  const value = compute();
  if (offsets.size >= MAX_CACHED_OFFSETS) offsets.clear();
  offsets.set(key, value);
  return value;
}

const offsets = new Map<string, number | null>();

/** Minutes east of UTC of `timeZone` at `ms`. */
function offsetMinutes(timeZone: string, ms: number): number {
  const day = Math.floor(ms / DAY_MS);
  const wholeDay = remembered(`${timeZone} d${day}`, () => {
    const first = intlOffset(timeZone, day * DAY_MS);
    return first === intlOffset(timeZone, (day + 1) * DAY_MS - 1) ? first : null;
  });
  if (wholeDay !== null) return wholeDay;
  const quarter = Math.floor(ms / QUARTER_HOUR_MS);
  return remembered(`${timeZone} q${quarter}`, () => intlOffset(timeZone, quarter * QUARTER_HOUR_MS)) ?? 0;
}

function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

/** "2026-11-24T20:15:00+01:00": the instant in `timeZone`, with that zone's offset at that moment. */
export function isoInZone(instant: Date, timeZone: string): string {
  const ms = Math.floor(instant.getTime() / 1000) * 1000;
  const minutes = offsetMinutes(timeZone, ms);
  return `${new Date(ms + minutes * 60_000).toISOString().slice(0, 19)}${formatOffset(minutes)}`;
}

/** The listing day (YYYY-MM-DD) of an instant in `timeZone`: a show at 00:30 belongs to the day before. */
export function listingDateInZone(instant: Date, timeZone: string): string {
  const ms = instant.getTime() - LISTING_DAY_START_HOUR * 3_600_000;
  return new Date(ms + offsetMinutes(timeZone, ms) * 60_000).toISOString().slice(0, 10);
}

/** True when `timeZone` is an IANA zone this runtime knows. */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}
