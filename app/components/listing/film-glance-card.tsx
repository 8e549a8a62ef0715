// A film at a glance, as "/" and a cinema's page list the day's films: the poster (or its designed
// stand-in), title, runtime, age rating, formats and a link to all its times (the film's page), then its
// next few times grouped by cinema. Server-rendered and plain links: it needs no JavaScript.
import { Link } from "react-router";
import type { FilmGlance } from "../../lib/showtime-view.server.ts";
import { useT } from "../../lib/i18n.tsx";
import { MapPinIcon } from "./map-pin.tsx";
import { Poster } from "./poster.tsx";
import { TimeChip } from "./time-chip.tsx";

type GlanceCinema = FilmGlance["cinemas"][number];

export function FilmGlanceCard({
  film,
  position,
  filmHref,
  cinemaHref,
  showCinemas = true,
  dayLabels,
}: {
  film: FilmGlance;
  /** the card's place in the list (1, 2…): its heading's id */
  position: number;
  /** the film's page (all its times here), or null when it has none */
  filmHref: string | null;
  cinemaHref: (slug: string) => string;
  /** the cinemas' names above their times (a cinema's own page leaves them out) */
  showCinemas?: boolean;
  /** listing day → its label, when the page spans several days (a weekend) */
  dayLabels?: Readonly<Record<string, string>> | null;
}) {
  const headingId = `film-title-${position}`;
  return (
    <article
      aria-labelledby={headingId}
      className="glance-card"
      data-testid="movie"
      data-showtimes={film.showtimeCount}
    >
      <Poster
        title={film.title}
        poster={film.poster}
        hue={film.posterHue}
        year={film.year}
        genre={film.genre}
        genreLabel={film.genres[0] ?? null}
        className="glance-poster"
      />
      <div className="min-w-0 flex-1">
        <h3 id={headingId} className="glance-title">
          {filmHref ? (
            <Link to={filmHref} className="page-link">
              {film.title}
            </Link>
          ) : (
            film.title
          )}
        </h3>
        <FilmFacts film={film} filmHref={filmHref} />
        <ul className="glance-cinemas">
          {film.cinemas.map((cinema) => (
            <li key={cinema.id} data-testid="cinema">
              {showCinemas ? <CinemaLine cinema={cinema} href={cinemaHref(cinema.slug)} /> : null}
              <CinemaChips cinema={cinema} title={film.title} dayLabels={dayLabels} />
            </li>
          ))}
        </ul>
      </div>
    </article>
  );
}

/**
 * Runtime, the age rating, the formats (IMAX, 3D…) and, when the card shows only some of the times, the
 * link to all of them: one line above the times (a short card on a phone).
 */
function FilmFacts({ film, filmHref }: { film: FilmGlance; filmHref: string | null }) {
  const t = useT();
  const more = film.moreShowtimes > 0 && filmHref !== null;
  if (!film.runtimeMinutes && !film.rating && film.formats.length === 0 && !more) return null;
  return (
    <p className="glance-facts">
      {film.runtimeMinutes ? <span>{t("home.runtime", { minutes: film.runtimeMinutes })}</span> : null}
      {film.rating ? (
        <span className="glance-rating">
          <span className="sr-only">{t("home.ageRating")} </span>
          {film.rating}
        </span>
      ) : null}
      {film.formats.map((format) => (
        <span key={format.code} className="attribute-badge">
          {format.name}
        </span>
      ))}
      {more ? (
        <Link to={filmHref} className="glance-more" data-testid="all-times">
          {t("home.allTimes", { count: film.showtimeCount, cinemas: film.cinemaCount })}
        </Link>
      ) : null}
    </p>
  );
}

function CinemaLine({ cinema, href }: { cinema: GlanceCinema; href: string }) {
  const t = useT();
  const where = cinema.placedInCity
    ? t("home.inCity", { city: cinema.city })
    : cinema.distanceKm !== null
      ? t("home.distance", { km: cinema.distanceKm })
      : null;
  return (
    <h4 className="glance-cinema">
      <MapPinIcon />
      <Link to={href} className="page-link">
        {cinema.name}
      </Link>
      {where ? <span>{where}</span> : null}
    </h4>
  );
}

/** A cinema's times on the card: one row, or a row per day when the page spans a weekend. */
function CinemaChips({
  cinema,
  title,
  dayLabels,
}: {
  cinema: GlanceCinema;
  title: string;
  dayLabels?: Readonly<Record<string, string>> | null;
}) {
  const t = useT();
  const days = new Map<string | undefined, GlanceCinema["showtimes"]>();
  for (const showtime of cinema.showtimes)
    days.set(showtime.day, [...(days.get(showtime.day) ?? []), showtime]);
  return [...days].map(([day, showtimes]) => {
    const label = day ? dayLabels?.[day] : undefined;
    const chips = (
      <ul
        key={day ?? "day"}
        className="time-grid"
        aria-label={
          label
            ? t("home.timesAtOn", { cinema: cinema.name, day: label })
            : t("home.timesAt", { cinema: cinema.name })
        }
      >
        {showtimes.map((showtime) => (
          <li key={showtime.startsAt}>
            <TimeChip showtime={showtime} cinema={cinema.name} title={title} />
          </li>
        ))}
      </ul>
    );
    if (!label) return chips;
    return (
      <div key={day} className="day-times" data-testid="day-times">
        <span>{label}</span>
        {chips}
      </div>
    );
  });
}
