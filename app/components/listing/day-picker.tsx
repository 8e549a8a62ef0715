// The film and cinema pages' day picker: plain links (works without JavaScript), "Tonight" first while
// today's evening has shows, then the days that have showtimes.
import { Link } from "react-router";
import { useT } from "../../lib/i18n.tsx";
import { usePrefetchMode } from "../../lib/network.ts";

export type DayLink = {
  value: string;
  kind: "tonight" | "today" | "day";
  weekday: string;
  day: string;
  path: string;
};

export function DayPicker({ days, current }: { days: readonly DayLink[]; current: string }) {
  const t = useT();
  const prefetch = usePrefetchMode();
  return (
    <nav aria-label={t("home.dates")} className="-mx-4 overflow-x-auto px-4">
      <ul className="flex gap-2" data-testid="day-picker">
        {days.map((day) => {
          const isCurrent = day.value === current;
          return (
            <li key={day.value} className="shrink-0">
              <Link
                to={day.path}
                prefetch={prefetch}
                preventScrollReset
                aria-current={isCurrent ? "date" : undefined}
                className={`flex min-w-16 flex-col items-center rounded-lg border px-3 py-1.5 text-sm whitespace-nowrap ${
                  isCurrent
                    ? "border-primary-700 bg-primary-700 text-white dark:border-primary-400 dark:bg-primary-400 dark:text-slate-950"
                    : "border-slate-300 hover:border-primary-600 dark:border-slate-700"
                }`}
              >
                <span className="font-semibold">
                  {day.kind === "tonight"
                    ? t("film.tonight")
                    : day.kind === "today"
                      ? t("home.today")
                      : day.weekday}
                </span>
                <span>{day.kind === "tonight" ? t("film.fromTime", { time: day.day }) : day.day}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
