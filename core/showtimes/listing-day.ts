// A cinema's listing day runs from 03:00 to 03:00 local time: a 00:30 show belongs to the evening before.
export const LISTING_DAY_START_HOUR = 3;
export const LISTING_DAYS = 14;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The listing date (YYYY-MM-DD) that an instant falls in, in the given time zone. */
export function listingDateOf(instant: Date, timeZone: string): string {
  const shifted = new Date(instant.getTime() - LISTING_DAY_START_HOUR * 3600_000);
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(shifted);
}

export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Today's listing date and the next 13: the date strip. */
export function listingDates(now: Date, timeZone: string, count = LISTING_DAYS): string[] {
  const today = listingDateOf(now, timeZone);
  return Array.from({ length: count }, (_, i) => addDays(today, i));
}

export function isIsoDate(value: string | null | undefined): value is string {
  if (!value || !ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}
