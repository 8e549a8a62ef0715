// The day picker of the film and cinema pages: the days that have showtimes, with "tonight" first while
// today's evening still has shows, and the day a request asks for (?date=YYYY-MM-DD or ?date=tonight).
import type { ListingDayCount } from "../../core/showtimes/find-listing-days.ts";
import { TONIGHT_FROM } from "../../core/showtimes/find-listing-days.ts";
import { dateTimeFormat } from "./formatters.server.ts";

export const TONIGHT = "tonight";

export type DayChoice = {
  /** a listing date, or "tonight" */
  value: string;
  kind: "tonight" | "today" | "day";
  weekday: string;
  day: string;
};

/** The day a request asks for: a listing date among `dates`, or tonight; undefined for anything else. */
export function requestedDay(value: string | null, dates: readonly string[]): string | undefined {
  if (value === TONIGHT) return TONIGHT;
  return value && dates.includes(value) ? value : undefined;
}

/**
 * The day to show: the one asked for, else the first that has showtimes (today while it has some), else
 * today.
 */
export function chosenDay(
  asked: string | undefined,
  dates: readonly string[],
  counts: readonly ListingDayCount[],
): string {
  if (asked) return asked;
  const withShows = new Set(counts.filter((c) => c.showtimes > 0).map((c) => c.date));
  return dates.find((d) => withShows.has(d)) ?? dates[0]!;
}

/** The picker's days: tonight (while today's evening has shows), then each day with showtimes, and the chosen one. */
export function dayChoices(options: {
  dates: readonly string[];
  counts: readonly ListingDayCount[];
  chosen: string;
  lang: string;
}): DayChoice[] {
  const { dates, counts, chosen, lang } = options;
  const byDate = new Map(counts.map((c) => [c.date, c]));
  const weekday = dateTimeFormat(lang, { weekday: "short", timeZone: "UTC" });
  const dayNumber = dateTimeFormat(lang, { day: "numeric", month: "short", timeZone: "UTC" });
  const noon = (date: string) => new Date(`${date}T12:00:00Z`);
  const today = dates[0]!;
  const choices: DayChoice[] = [];
  if ((byDate.get(today)?.evening ?? 0) > 0 || chosen === TONIGHT)
    choices.push({ value: TONIGHT, kind: "tonight", weekday: "", day: TONIGHT_FROM });
  for (const date of dates) {
    if ((byDate.get(date)?.showtimes ?? 0) === 0 && date !== chosen) continue;
    choices.push({
      value: date,
      kind: date === today ? "today" : "day",
      weekday: weekday.format(noon(date)),
      day: dayNumber.format(noon(date)),
    });
  }
  return choices;
}

/** "Friday 14 November" for a listing date. */
export function longDayLabel(date: string, lang: string): string {
  return dateTimeFormat(lang, { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" }).format(
    new Date(`${date}T12:00:00Z`),
  );
}
