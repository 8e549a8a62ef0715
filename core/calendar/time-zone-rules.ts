// A time zone's UTC offsets and transitions as Intl knows them, for the VTIMEZONE of an iCalendar file:
// calendar apps show a show at the cinema's local time whatever zone the reader's device is in.

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Minutes east of UTC of `timeZone` at `ms` ("GMT+05:30" → 330; plain "GMT" → 0). */
export function offsetMinutesAt(timeZone: string, ms: number): number {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" });
    formatters.set(timeZone, formatter);
  }
  const name = formatter.formatToParts(new Date(ms)).find((p) => p.type === "timeZoneName")?.value ?? "GMT";
  const match = /^GMT([+-])(\d{2}):(\d{2})$/.exec(name);
  return match ? (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return true;
  } catch {
    return false;
  }
}

export type Transition = { atMs: number; from: number; to: number };

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** The instants in [fromMs, toMs) where the offset changes, to the minute (zones change at most a few times a year). */
export function transitionsBetween(timeZone: string, fromMs: number, toMs: number): Transition[] {
  const found: Transition[] = [];
  let previous = offsetMinutesAt(timeZone, fromMs);
  for (let day = fromMs; day < toMs; day += DAY_MS) {
    const next = Math.min(day + DAY_MS, toMs);
    const offset = offsetMinutesAt(timeZone, next);
    if (offset === previous) continue;
    // Bisect to the first minute with the new offset.
    let low = day;
    let high = next;
    while (high - low > MINUTE_MS) {
      const middle = low + Math.floor((high - low) / 2 / MINUTE_MS) * MINUTE_MS;
      if (offsetMinutesAt(timeZone, middle) === previous) low = middle;
      else high = middle;
    }
    found.push({ atMs: high, from: previous, to: offset });
    previous = offset;
  }
  return found;
}

/** `ms` as local wall-clock time in the zone, iCalendar's basic form "20261122T201500". */
export function localStamp(ms: number, offsetMinutes: number): string {
  return new Date(ms + offsetMinutes * MINUTE_MS)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}Z$/, "");
}

/** An instant in UTC, iCalendar's form "20261122T191500Z". */
export function utcStamp(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}Z$/, "Z");
}
