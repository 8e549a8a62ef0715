// The home page's films: each film's card with its cinemas and their time chips, the results heading, and
// the "more films" link.
import { Fragment } from "react";
import { Link } from "react-router";
import { FILMS_STEP } from "../../../core/showtimes/public-listing.ts";
import { MapPinIcon, MapPinSymbol } from "../../components/listing/map-pin.tsx";
import { TimeChip } from "../../components/listing/time-chip.tsx";
import { useT } from "../../lib/i18n.tsx";
import { cinemaPagePath, filmPagePath } from "../../lib/public-paths.ts";
import {
  type HomeCinema as Cinema,
  type HomeData as Data,
  type HomeShowtime as Showtime,
  listingHref,
} from "./listing-link.ts";

type Movie = Data["movies"][number];

/** The listing's films, each a card with its cinemas and their times. */
export function FilmCards({ data }: { data: Data }) {
  return (
    <>
      <MapPinSymbol />
      <ol className="space-y-6" data-testid="listing">
        {data.movies.map((movie, index) => (
          <li key={movie.id} id={`film-${index + 1}`}>
            <FilmCard data={data} movie={movie} />
          </li>
        ))}
      </ol>
    </>
  );
}

/** A film: its title (a link to its page when it has one), its facts, and where and when it plays. */
function FilmCard({ data, movie }: { data: Data; movie: Movie }) {
  const t = useT();
  return (
    <article aria-labelledby={`movie-${movie.id}`} className="film-card" data-testid="movie">
      <h3 id={`movie-${movie.id}`} className="text-lg font-semibold">
        {movie.slug ? (
          <Link to={filmPagePath(movie.slug, data.filmLink)} className="page-link">
            {movie.title}
          </Link>
        ) : (
          movie.title
        )}
      </h3>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {[
          movie.year,
          movie.runtimeMinutes ? t("home.runtime", { minutes: movie.runtimeMinutes }) : null,
          movie.genres.slice(0, 3).join(", "),
        ]
          .filter(Boolean)
          .join(" · ")}
      </p>
      <ul className="mt-4 space-y-4">
        {movie.cinemas.map((cinema) => (
          <li key={cinema.id} data-testid="cinema">
            <h4 className="flex flex-wrap items-baseline gap-x-2 font-medium">
              <MapPinIcon />
              <Link to={cinemaPagePath(cinema.slug, data.cinemaLink)} className="page-link">
                {cinema.name}
              </Link>
              <span className="text-sm font-normal text-slate-600 dark:text-slate-400">
                {[
                  cinema.address,
                  cinema.placedInCity ? t("home.inCity", { city: cinema.city }) : cinema.city,
                  cinema.distanceKm !== null ? t("home.distance", { km: cinema.distanceKm }) : null,
                ]
                  .filter(Boolean)
                  .join(" · ")}
              </span>
            </h4>
            <CinemaTimes data={data} cinema={cinema} title={movie.title} />
          </li>
        ))}
      </ul>
    </article>
  );
}

/**
 * The first screen holds a few films (core/showtimes/public-listing.ts, filmsShown); this link renders the
 * page with up to FILMS_STEP more (a plain link: works without JavaScript, and jumps to the first film that
 * was not on the page before).
 */
export function MoreFilms({ data }: { data: Data }) {
  const t = useT();
  const remaining = data.movieCount - data.movies.length;
  if (remaining <= 0 && !data.trimmed) return null;
  const next = Math.min(data.movies.length + FILMS_STEP, data.movieCount);
  // to the first film that was not on the page, or back to the one that was cut short
  const anchor = remaining > 0 ? data.movies.length + 1 : data.movies.length;
  return (
    <div className="mt-6 flex flex-col items-center gap-2">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {t("home.filmsShown", { shown: data.movies.length, total: data.movieCount })}
      </p>
      <Link
        to={`${listingHref(data, { films: next })}#film-${anchor}`}
        preventScrollReset
        className="rounded-md border border-slate-400 px-4 py-2 font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
        data-testid="more-films"
      >
        {data.trimmed
          ? t("home.moreShowtimes")
          : t("home.moreFilms", { count: Math.min(FILMS_STEP, remaining) })}
      </Link>
    </div>
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

/**
 * A cinema's times for a film: one row of chips, or a row per day when the page spans a weekend. When
 * every bookable time links only to the cinema's site (no deep link to the show), the cinema's line says
 * so once instead of every chip.
 */
function CinemaTimes({ data, cinema, title }: { data: Data; cinema: Cinema; title: string }) {
  const t = useT();
  const bookable = cinema.showtimes.filter((s) => s.bookingUrl && s.availability !== "sold-out");
  const allAtSite = bookable.length > 0 && bookable.every((s) => s.atSite);
  const days = new Map<string | undefined, Showtime[]>();
  for (const showtime of cinema.showtimes)
    days.set(showtime.day, [...(days.get(showtime.day) ?? []), showtime]);
  return (
    <>
      {allAtSite ? <p className="listing-note">{t("home.bookAtCinemaSite")}</p> : null}
      {[...days].map(([day, showtimes]) => {
        const label = day ? data.dayLabels?.[day] : undefined;
        const chips = (
          <ul
            className={label ? "time-grid" : "mt-2 time-grid"}
            aria-label={
              label
                ? t("home.timesAtOn", { cinema: cinema.name, day: label })
                : t("home.timesAt", { cinema: cinema.name })
            }
          >
            {showtimes.map((showtime) => (
              <li key={showtime.id}>
                <TimeChip showtime={showtime} cinema={cinema.name} title={title} markAtSite={!allAtSite} />
              </li>
            ))}
          </ul>
        );
        if (!label) return <Fragment key="day">{chips}</Fragment>;
        return (
          <div key={day} className="day-times" data-testid="day-times">
            <span>{label}</span>
            {chips}
          </div>
        );
      })}
    </>
  );
}
