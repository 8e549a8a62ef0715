// The studio's one way to show a moment: date, time and the zone's name, in the interface language —
// "Nov 25, 2026, 14:05 GMT+1" (en), "25 nov 2026, 14:05 CET" (nl). Server and browser format alike
// (both full ICU), so a page rendered on the server in the profile's zone hydrates without a change.

export const DATE_TIME_OPTIONS: Intl.DateTimeFormatOptions = {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZoneName: "short",
};

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * The clock per language: each language's own (24-hour for most; 12-hour where that is the custom, as in
 * Korean or Hindi), except English, which the studio writes for Europe and shows on the 24-hour clock
 * as the public site does, not the American 12-hour one.
 */
export function hourCycleFor(lang: string): Intl.DateTimeFormatOptions {
  return /^en(-|$)/i.test(lang) ? { hourCycle: "h23" } : {};
}

/** `value` (an ISO string or a Date) in `timeZone`, for the BCP 47 language `lang`. */
export function formatDateTime(lang: string, value: string | Date, timeZone: string): string {
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return String(value);
  const key = `${lang}|${timeZone}`;
  let format = formats.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(lang, { ...DATE_TIME_OPTIONS, ...hourCycleFor(lang), timeZone });
    } catch {
      // An unknown zone (an old name gone from ICU): UTC, which the text then names.
      format = new Intl.DateTimeFormat(lang, {
        ...DATE_TIME_OPTIONS,
        ...hourCycleFor(lang),
        timeZone: "UTC",
      });
    }
    formats.set(key, format);
  }
  return format.format(date);
}
