// The home page's films at a glance: a card per film (app/components/listing/film-glance-card.tsx) with its
// next few times by cinema, the results heading, and the links to the other pages of films.
import { Link } from "react-router";
import { FilmGlanceCard } from "../../components/listing/film-glance-card.tsx";
import { MapPinSymbol } from "../../components/listing/map-pin.tsx";
import { useT } from "../../lib/i18n.tsx";
import { cinemaPagePath, filmPagePath } from "../../lib/public-paths.ts";
import { type HomeData as Data, listingHref } from "./listing-link.ts";

/** A page of the day's films, each a card with its next times by cinema and a link to all of them. */
export function FilmCards({ data }: { data: Data }) {
  return (
    <>
      <MapPinSymbol />
      <ol className="glance-list" data-testid="listing">
        {data.movies.map((movie, index) => (
          <li key={movie.id} id={`film-${data.filmsPage.from + index + 1}`}>
            <FilmGlanceCard
              film={movie}
              position={data.filmsPage.from + index + 1}
              filmHref={movie.slug ? filmPagePath(movie.slug, data.filmLink) : null}
              cinemaHref={(slug) => cinemaPagePath(slug, data.cinemaLink)}
              dayLabels={data.dayLabels}
            />
          </li>
        ))}
      </ol>
    </>
  );
}

/**
 * The other pages of films, when the day has more than a page holds: plain links (no JavaScript needed),
 * the films' order and filters kept.
 */
export function MoreFilms({ data }: { data: Data }) {
  const t = useT();
  const { page, pages, from, to, total } = data.filmsPage;
  if (pages <= 1) return null;
  const linkClass =
    "rounded-md border border-slate-400 px-4 py-2 font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800";
  return (
    <nav aria-label={t("home.filmPages")} className="mt-6 flex flex-col items-center gap-2">
      <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="films-page">
        {t("home.filmsPage", { from: from + 1, to, total })}
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        {page > 1 ? (
          <Link
            to={listingHref(data, { page: page - 1 })}
            rel="prev"
            className={linkClass}
            data-testid="previous-films"
          >
            {t("home.previousFilms")}
          </Link>
        ) : null}
        {page < pages ? (
          <Link
            to={listingHref(data, { page: page + 1 })}
            rel="next"
            className={linkClass}
            data-testid="more-films"
          >
            {t("home.nextFilms")}
          </Link>
        ) : null}
      </div>
    </nav>
  );
}

/** "12 films on Thursday 12 June", or tonight's, or the weekend's two days. */
export function ResultsHeading({ data }: { data: Data }) {
  const t = useT();
  if (data.lastDateLabel)
    return t("home.resultsHeadingWeekend", {
      count: data.movieCount,
      from: data.dateLabel,
      to: data.lastDateLabel,
    });
  if (data.when === "tonight")
    return t("home.resultsHeadingTonight", { count: data.movieCount, date: data.dateLabel });
  return t("home.resultsHeading", { date: data.dateLabel, count: data.movieCount });
}
