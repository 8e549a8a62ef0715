// How the usage charts write their numbers and days, in the reader's language. Days are UTC calendar
// days ("YYYY-MM-DD"), formatted in UTC so a day never shifts into its neighbour.
import { useIntl } from "react-intl";

export function useChartFormats() {
  const intl = useIntl();
  const date = (day: string) => new Date(`${day}T00:00:00Z`);
  return {
    count: (value: number) => intl.formatNumber(value),
    percent: (value: number) => intl.formatNumber(value, { style: "percent", maximumFractionDigits: 1 }),
    /** "12 Mar": axis ticks */
    shortDay: (day: string) =>
      intl.formatDate(date(day), { day: "numeric", month: "short", timeZone: "UTC" }),
    /** "Thu 12 Mar 2026": tables, tooltips and summaries */
    longDay: (day: string) =>
      intl.formatDate(date(day), {
        weekday: "short",
        day: "numeric",
        month: "short",
        year: "numeric",
        timeZone: "UTC",
      }),
  };
}

/** The row with the highest value of `key` (the first of equals), or undefined when all are zero. */
export function peakOf<Row>(rows: readonly Row[], value: (row: Row) => number): Row | undefined {
  let peak: Row | undefined;
  for (const row of rows) if (value(row) > 0 && (!peak || value(row) > value(peak))) peak = row;
  return peak;
}
