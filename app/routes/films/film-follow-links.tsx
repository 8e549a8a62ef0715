// Under a film's showtimes: "Tell me when showtimes appear" (the follow form, no account needed) and the
// film-in-a-city iCalendar feed a calendar app can subscribe to (issue 25 point 6).
import { Link } from "react-router";
import { useT } from "../../lib/i18n.tsx";

export function FilmFollowLinks({ slug, city }: { slug: string; city: string | null }) {
  const t = useT();
  const query = city ? `?${new URLSearchParams({ city })}` : "";
  const base = `/films/${encodeURIComponent(slug)}`;
  return (
    <ul className="mt-6 flex flex-wrap gap-x-6 gap-y-2 text-sm" data-testid="film-follow-links">
      <li>
        <Link to={`${base}/follow${query}`} className="font-medium underline">
          {t("follow.heading")}
        </Link>
      </li>
      {city ? (
        <li>
          <a href={`${base}/calendar.ics${query}`} className="underline">
            {t("film.calendarFeed")}
          </a>
        </li>
      ) : null}
    </ul>
  );
}
