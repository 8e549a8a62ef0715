// A feed's start time as an instant. Feeds give either an instant ("…Z", "…+02:00") or a local wall-clock
// time with no offset, which means the cinema's own time zone. Daylight saving follows the common rule
// (Temporal's "compatible"): a time that happens twice in the autumn is the first one, a time the spring
// clock change skips moves forward by the gap (02:30 → 03:30).
//
// Offsets are cached per zone and UTC hour: an import of a million showtimes asks Intl a few thousand times.

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?$/;
const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/i;
const HOUR = 3_600_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
const offsets = new Map<string, number>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone's offset from UTC (ms) at an instant. Clock changes fall on whole UTC hours in the zones we serve. */
function offsetAt(utc: number, timeZone: string): number {
  const hour = Math.floor(utc / HOUR);
  const key = `${timeZone}|${hour}`;
  const cached = offsets.get(key);
  if (cached !== undefined) return cached;
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(hour * HOUR)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  const offset = wall - hour * HOUR;
  if (offsets.size > 100_000) offsets.clear();
  offsets.set(key, offset);
  return offset;
}

/** Whether `timeZone` is an IANA zone this runtime knows. */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The instant a local wall-clock time in `timeZone` denotes (see the rules above). */
export function instantOfLocalTime(wall: number, timeZone: string): number {
  const before = offsetAt(wall - 12 * HOUR, timeZone);
  const after = offsetAt(wall + 12 * HOUR, timeZone);
  const early = wall - before;
  if (before === after) return early;
  const late = wall - after;
  const earlyFits = offsetAt(early, timeZone) === before;
  const lateFits = offsetAt(late, timeZone) === after;
  if (earlyFits && lateFits) return Math.min(early, late); // repeated hour: the first
  if (earlyFits) return early;
  if (lateFits) return late;
  return early; // skipped hour: the offset before the change carries the time past the gap
}

/**
 * A feed time → Date, or null when it is no valid time. Local times read in `timeZone`; instants keep
 * their own offset.
 */
export function parseFeedTime(value: string, timeZone: string): Date | null {
  const text = value.trim();
  const local = LOCAL.exec(text);
  if (local) {
    const [year, month, day, hour, minute, second] = local.slice(1).map((part) => Number(part ?? 0)) as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    if (month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59) return null;
    const wall = Date.UTC(year, month - 1, day, hour, minute, second);
    // Date.UTC rolls 31 April into 1 May: such a date is no date.
    if (new Date(wall).getUTCDate() !== day) return null;
    return new Date(instantOfLocalTime(wall, timeZone));
  }
  if (!WITH_OFFSET.test(text)) return null;
  const parsed = Date.parse(text.replace(" ", "T").replace(/([+-]\d{2})(\d{2})$/, "$1:$2"));
  return Number.isNaN(parsed) ? null : new Date(parsed);
}
