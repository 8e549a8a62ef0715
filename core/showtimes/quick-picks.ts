// The listing's quick picks: today, tonight, tomorrow, this weekend, as listing days of the place asked
// for (a listing day runs 03:00 to 03:00 local: a 00:30 show belongs to the evening before). Browser-safe
// and pure: "today" is the caller's (listingDateOf(now, the place's time zone)).
//
// The weekend is Saturday and Sunday: Friday evening is "tonight" on a Friday, and its late shows (after
// midnight, on Saturday's calendar date) belong to Friday's listing day, so a weekend that started on
// Friday evening would mean a third, partial day for little gain. On a Saturday it is today and Sunday;
// on a Sunday, what is left of Sunday.
import { addDays } from "./listing-day.ts";

export const QUICK_PICKS = ["today", "tonight", "tomorrow", "weekend"] as const;
export type QuickPick = (typeof QUICK_PICKS)[number];
/** Tonight: shows from 18:00 local time on (and until the listing day ends at 03:00). */
export const TONIGHT_FROM_HOUR = 18;

/** Listing days from `date`, `days` of them; `fromHour`: only shows from that local hour of the first day. */
export type ListingSpan = { date: string; days: number; fromHour?: number };

/** A `when` parameter as a quick pick; anything else is none (the page lists the day asked for, or today). */
export function parseQuickPick(value: string | null | undefined): QuickPick | undefined {
  return (QUICK_PICKS as readonly string[]).includes(value ?? "") ? (value as QuickPick) : undefined;
}

/** 0 = Sunday … 6 = Saturday, of a calendar date. */
function weekday(isoDate: string): number {
  return new Date(`${isoDate}T12:00:00Z`).getUTCDay();
}

/** The listing days a quick pick covers, given today's listing date at the place. */
export function quickPickSpan(pick: QuickPick, today: string): ListingSpan {
  switch (pick) {
    case "today":
      return { date: today, days: 1 };
    case "tonight":
      return { date: today, days: 1, fromHour: TONIGHT_FROM_HOUR };
    case "tomorrow":
      return { date: addDays(today, 1), days: 1 };
    case "weekend": {
      const day = weekday(today);
      if (day === 0) return { date: today, days: 1 };
      return { date: addDays(today, 6 - day), days: 2 };
    }
  }
}
