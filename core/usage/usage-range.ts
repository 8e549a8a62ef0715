// The periods usage is shown for, and the days they cover. Days are UTC calendar days, as the meter
// writes them into credit_usage / widget_usage. Browser-safe: the range picker reads the same list.

export const USAGE_RANGE_DAYS = [7, 30, 90] as const;
export type UsageRangeDays = (typeof USAGE_RANGE_DAYS)[number];
export const DEFAULT_USAGE_RANGE_DAYS: UsageRangeDays = 30;

export function isUsageRangeDays(value: unknown): value is UsageRangeDays {
  return (USAGE_RANGE_DAYS as readonly unknown[]).includes(value);
}

/** The `days` URL parameter: one of the offered lengths, else the default. */
export function readUsageRange(value: string | null | undefined): UsageRangeDays {
  const days = Number(value);
  return isUsageRangeDays(days) ? days : DEFAULT_USAGE_RANGE_DAYS;
}

export type UsageWindow = {
  /** first day, "YYYY-MM-DD" */
  from: string;
  /** last day (today), inclusive */
  to: string;
  /** every day from `from` to `to`, in order */
  days: string[];
};

const DAY_MS = 86_400_000;

export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The `length` days that end today (UTC), today included. */
export function usageWindow(now: Date, length: number): UsageWindow {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const days = Array.from({ length }, (_, i) => utcDay(new Date(today - (length - 1 - i) * DAY_MS)));
  return { from: days[0]!, to: days[days.length - 1]!, days };
}

/** One row per day of the window: the rows found, zeros for the days without any. */
export function zeroFill<Row extends { day: string }>(
  window: UsageWindow,
  rows: readonly Row[],
  empty: (day: string) => Row,
): Row[] {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return window.days.map((day) => byDay.get(day) ?? empty(day));
}
