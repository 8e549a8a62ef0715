// `from` / `to` of the showtime queries. A date (YYYY-MM-DD) means listing days in each cinema's own time
// zone: from 03:00 local on `from` up to 03:00 local after `to` (so `to` is included). A date-time with
// an offset is an instant (`to` excluded). Without `from`, the window starts now.
import { type SQL, sql } from "drizzle-orm";
import { LISTING_DAY_START_HOUR, addDays } from "../../showtimes/listing-day.ts";

export type TimeBound = { kind: "date"; date: string } | { kind: "instant"; at: Date };

/** UTC offsets run from −12:00 to +14:00: bounds for any zone, for the index, before the exact test. */
const MAX_EAST_MS = 14 * 3_600_000;
const MAX_WEST_MS = 12 * 3_600_000;

function dayStartUtc(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) + LISTING_DAY_START_HOUR * 3_600_000;
}

/** The local start of the listing day `date` in the zone `zone` (an SQL expression naming a zone). */
function localDayStart(date: string, zone: SQL): SQL {
  return sql`((${date}::date + ${sql.raw(`interval '${LISTING_DAY_START_HOUR} hours'`)}) at time zone ${zone})`;
}

/**
 * Conditions on `s.starts_at`. `zone` is the cinema's time zone (an SQL expression) when the query
 * knows it per row; the loose bounds (any zone on earth) keep the index range tight either way.
 */
export function windowConditions(input: {
  from: TimeBound | undefined;
  to: TimeBound | undefined;
  now: Date;
  zone: SQL;
}): SQL[] {
  const { from, to, zone } = input;
  const conditions: SQL[] = [];
  if (from === undefined) {
    conditions.push(sql`s.starts_at >= ${input.now.toISOString()}::timestamptz`);
  } else if (from.kind === "instant") {
    conditions.push(sql`s.starts_at >= ${from.at.toISOString()}::timestamptz`);
  } else {
    const loose = new Date(dayStartUtc(from.date) - MAX_EAST_MS).toISOString();
    conditions.push(
      sql`s.starts_at >= ${loose}::timestamptz`,
      sql`s.starts_at >= ${localDayStart(from.date, zone)}`,
    );
  }
  if (to?.kind === "instant") {
    conditions.push(sql`s.starts_at < ${to.at.toISOString()}::timestamptz`);
  } else if (to?.kind === "date") {
    const next = addDays(to.date, 1);
    const loose = new Date(dayStartUtc(next) + MAX_WEST_MS).toISOString();
    conditions.push(
      sql`s.starts_at < ${loose}::timestamptz`,
      sql`s.starts_at < ${localDayStart(next, zone)}`,
    );
  }
  return conditions;
}

/** True when a bound needs the cinema's time zone. */
export function needsZone(from: TimeBound | undefined, to: TimeBound | undefined): boolean {
  return from?.kind === "date" || to?.kind === "date";
}

/** The earliest instant the window can start at (UTC ms): the cursor, `from`, or now. */
export function windowStart(from: TimeBound | undefined, now: Date, cursorMs: number | undefined): number {
  const own =
    from === undefined
      ? now.getTime()
      : from.kind === "instant"
        ? from.at.getTime()
        : dayStartUtc(from.date) - MAX_EAST_MS;
  return cursorMs === undefined ? own : Math.max(own, cursorMs);
}

/** The latest instant the window can end at (UTC ms), or undefined without `to`. */
export function windowEnd(to: TimeBound | undefined): number | undefined {
  if (to === undefined) return undefined;
  return to.kind === "instant" ? to.at.getTime() : dayStartUtc(addDays(to.date, 1)) + MAX_WEST_MS;
}
