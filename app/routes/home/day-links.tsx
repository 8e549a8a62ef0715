// The home page's day choices: the quick picks (today, tonight, tomorrow, this weekend) and the date strip.
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { QUICK_PICKS, type QuickPick } from "../../../core/showtimes/quick-picks.ts";
import { useT, type MessageKey } from "../../lib/i18n.tsx";
import { usePrefetchMode } from "../../lib/network.ts";
import { type HomeData as Data, listingHref } from "./listing-link.ts";

const PICK_LABEL: Record<QuickPick, MessageKey> = {
  today: "home.pick.today",
  tonight: "home.pick.tonight",
  tomorrow: "home.pick.tomorrow",
  weekend: "home.pick.weekend",
};

/**
 * Today, tonight (from 18:00), tomorrow, this weekend: plain links (they work without JavaScript and can
 * be shared: ?when=) that keep the place, the filters and the order, and replace the day of the strip.
 */
export function QuickPicks({ data }: { data: Data }) {
  const t = useT();
  const prefetch = usePrefetchMode();
  return (
    <nav aria-label={t("home.picks")} className="mt-6 phone:mt-3">
      <ul className="pick-list" data-testid="quick-picks">
        {QUICK_PICKS.map((pick) => {
          const current = data.when === pick;
          return (
            <li key={pick}>
              <Link
                to={listingHref(data, { when: pick })}
                prefetch={prefetch}
                preventScrollReset
                aria-current={current ? "true" : undefined}
                className="quick-pick"
              >
                {t(PICK_LABEL[pick])}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export function DateStrip({ data }: { data: Data }) {
  const t = useT();
  const prefetch = usePrefetchMode();
  const strip = useRef<HTMLElement>(null);
  // A day further on than the screen is wide: scrolled into view (sideways only, the page stays put).
  useEffect(() => {
    const nav = strip.current;
    const current = nav?.querySelector('[aria-current="date"]');
    if (!nav || !current) return;
    const shown = nav.getBoundingClientRect();
    const day = current.getBoundingClientRect();
    if (day.left < shown.left || day.right > shown.right) nav.scrollLeft += day.left - shown.left - 16;
  }, [data.date]);
  return (
    <nav ref={strip} aria-label={t("home.dates")} className="date-strip">
      <ul className="flex gap-2 phone:gap-1.5" data-testid="date-strip">
        {data.dates.map((day) => {
          // A weekend (two days) is the quick pick's, not one day's of the strip.
          const current = day.value === data.date && data.days === 1;
          return (
            <li key={day.value}>
              <Link
                to={listingHref(data, { date: day.value })}
                prefetch={prefetch}
                preventScrollReset
                aria-current={current ? "date" : undefined}
                className="date-chip"
              >
                <span>{day.isToday ? t("home.today") : day.weekday}</span>
                <span>{day.day}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
