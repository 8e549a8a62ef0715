// What the home page says besides its films: what a film search may have meant, a corrected city, links
// to other cities, and the empty listing.
import { SearchX, Ticket } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useT } from "../../lib/i18n.tsx";
import { type HomeData as Data, listingHref } from "./listing-link.ts";

/**
 * What a search may have meant (films and cinemas, as links: the results page without JavaScript), or,
 * when nothing matched, a neutral "nothing found" with the nearest titles. Informative, not a success.
 */
export function FilmMatches({ search }: { search: NonNullable<Data["filmSearch"]> }) {
  const t = useT();
  const found = search.films.length + search.cinemas.length > 0;
  return (
    <div
      role="status"
      className="mt-4 rounded-lg border border-slate-300 bg-slate-50 px-4 py-3 text-sm dark:border-slate-700 dark:bg-slate-900"
      data-testid="film-matches"
    >
      {found ? null : (
        <>
          <p className="flex items-center gap-2 font-medium">
            <SearchX aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
            {t("home.searchNoMatch", { text: search.text })}
          </p>
          {search.nearest.length ? (
            <>
              <p className="mt-1">{t("home.searchDidYouMean")}</p>
              <FilmLinks films={search.nearest} />
            </>
          ) : (
            <p className="mt-1 text-slate-600 dark:text-slate-400">{t("home.searchNoMatchHint")}</p>
          )}
        </>
      )}
      {search.films.length ? (
        <>
          <p>{t("home.filmMatches", { film: search.text })}</p>
          <FilmLinks films={search.films} />
        </>
      ) : null}
      {search.cinemas.length ? (
        <>
          <p className={search.films.length ? "mt-2" : undefined}>
            {t("home.cinemaMatches", { text: search.text })}
          </p>
          <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
            {search.cinemas.map((cinema) => (
              <li key={cinema.path}>
                <Link to={cinema.path} className={LINK}>
                  {cinema.name}
                </Link>
                <span className="text-slate-600 dark:text-slate-400"> · {cinema.city}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

const LINK = "font-medium text-primary-800 underline dark:text-primary-300";

function FilmLinks({ films }: { films: NonNullable<Data["filmSearch"]>["films"] }) {
  const t = useT();
  return (
    <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
      {films.map((film) => (
        <li key={film.path}>
          <Link to={film.path} className={LINK}>
            {film.title}
          </Link>
          {film.year ? ` (${film.year})` : null}
          {film.playing ? null : (
            <span className="text-slate-600 dark:text-slate-400"> · {t("home.filmNotPlaying")}</span>
          )}
        </li>
      ))}
    </ul>
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
