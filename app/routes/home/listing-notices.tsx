// What the home page says besides its films: what a film search may have meant, a corrected city, links
// to other cities, and the empty listing.
import { SearchX, Ticket } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useT } from "../../lib/i18n.tsx";
import { type HomeData as Data, listingHref } from "./listing-link.ts";

/** What a film search may have meant, when it named no one film for sure. */
export function FilmMatches({ search }: { search: NonNullable<Data["filmSearch"]> }) {
  const t = useT();
  return (
    <div
      role="status"
      className="mt-4 rounded-lg border border-primary-200 bg-primary-50 px-4 py-3 text-sm dark:border-primary-900 dark:bg-primary-950"
      data-testid="film-matches"
    >
      {search.matches.length === 0 ? (
        <p>{t("home.filmNotFound", { film: search.text })}</p>
      ) : (
        <>
          <p>{t("home.filmMatches", { film: search.text })}</p>
          <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
            {search.matches.map((match) => (
              <li key={match.path}>
                <Link
                  to={match.path}
                  className="font-medium text-primary-800 underline dark:text-primary-300"
                >
                  {match.title}
                </Link>
                {match.year ? ` (${match.year})` : null}
                {match.playing ? null : (
                  <span className="text-slate-600 dark:text-slate-400"> · {t("home.filmNotPlaying")}</span>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** "Showing results for Amsterdam": what was typed named no city exactly. */
export function CityCorrection({ data }: { data: Data }) {
  const t = useT();
  return (
    <div
      role="status"
      className="mt-4 rounded-lg border border-primary-200 bg-primary-50 px-4 py-3 text-sm dark:border-primary-900 dark:bg-primary-950"
    >
      <p>
        {t("home.showingResultsFor", {
          city: data.place.kind === "city" ? data.place.city : "",
          typed: data.cityText,
        })}
      </p>
      {data.citySuggestions.length ? (
        <p className="mt-1 flex flex-wrap items-center gap-x-2">
          {t("home.orDidYouMean")} <CityLinks data={data} cities={data.citySuggestions} />
        </p>
      ) : null}
    </div>
  );
}

/** Links to other cities' listings for the same day and filters. */
export function CityLinks({ data, cities }: { data: Data; cities: readonly string[] }) {
  if (cities.length === 0) return null;
  return (
    <span className="inline-flex flex-wrap gap-x-3 gap-y-1">
      {cities.map((city) => (
        <Link
          key={city}
          to={listingHref({ ...data, place: { kind: "city", city, countryCode: "" } }, {})}
          className="font-medium text-primary-800 underline dark:text-primary-300"
        >
          {city}
        </Link>
      ))}
    </span>
  );
}

export function EmptyState(props: {
  title: string;
  hint: string;
  action?: { to: string; label: string };
  children?: ReactNode;
}) {
  return (
    <div
      className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 px-6 py-12 text-center dark:border-slate-700"
      role="status"
    >
      <SearchX aria-hidden="true" className="size-8 text-slate-500" />
      <p className="font-medium">{props.title}</p>
      <p className="text-sm text-slate-600 dark:text-slate-400">{props.hint}</p>
      {props.children}
      {props.action ? (
        <Link
          to={props.action.to}
          className="flex items-center gap-1 font-medium text-primary-800 underline dark:text-primary-300"
        >
          <Ticket aria-hidden="true" className="size-4" />
          {props.action.label}
        </Link>
      ) : null}
    </div>
  );
}
