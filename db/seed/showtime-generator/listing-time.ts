// Time zones (no library: Intl gives the offset) and listing days, which run from 03:00 to 03:00 local time.

/** The listing day starts at this local hour. */
export const LISTING_DAY_START_HOUR = 3;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Offset of `timeZone` from UTC at `instant`, in minutes (Amsterdam in winter: 60). */
export function timeZoneOffsetMinutes(timeZone: string, instant: Date): number {
  const parts: Record<string, number> = {};
  for (const p of formatterFor(timeZone).formatToParts(instant)) {
    if (p.type !== "literal") parts[p.type] = Number(p.value);
  }
  const asUtc = Date.UTC(
    parts.year!,
    parts.month! - 1,
    parts.day!,
    parts.hour!,
    parts.minute!,
    parts.second!,
  );
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60000);
}

export const DAY_MS = 86_400_000;

export function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The local listing day (YYYY-MM-DD) an instant belongs to: the local date of (instant − 3 h). */
export function listingDateOf(instant: Date, timeZone: string): string {
  const offset = timeZoneOffsetMinutes(timeZone, instant);
  return isoDate(instant.getTime() + offset * 60000 - LISTING_DAY_START_HOUR * 3600000);
}

export function formatLocalIso(utcMs: number, offsetMinutes: number): string {
  const local = new Date(utcMs + offsetMinutes * 60000).toISOString().slice(0, 19);
  const sign = offsetMinutes < 0 ? "-" : "+";
  const abs = Math.abs(offsetMinutes);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}
