// /films/{slug}: a film's page. What it is (poster or a stand-in, runtime, genres, age ratings, synopsis,
// trailer) and where and when it plays near the chosen place, by day and cinema, with the same time chips
// as "/". Server-rendered; every control is a link or a GET form, so it works without JavaScript.
import { CalendarDays, ExternalLink, SearchX } from "lucide-react";
import type { ReactNode } from "react";
import { data as response, Form, Link, redirect, useNavigation, useRouteLoaderData } from "react-router";
import { DayPicker } from "../../components/listing/day-picker.tsx";
import { MapPinIcon, MapPinSymbol } from "../../components/listing/map-pin.tsx";
import { MoreLink } from "../../components/listing/more-link.tsx";
import { Poster } from "../../components/listing/poster.tsx";
import { TimeChip } from "../../components/listing/time-chip.tsx";
import { servicesContext } from "../../lib/context.ts";
import { useT } from "../../lib/i18n.tsx";
import { publicPageMeta } from "../../lib/page-meta.ts";
import { cinemaPagePath } from "../../lib/public-paths.ts";
import { publicUrl } from "../../lib/public-urls.ts";
import { requestLocale } from "../../lib/request-locale.server.ts";
import { movieNode } from "../../lib/structured-data-pages.ts";
import { widgetAssets } from "../../lib/widget-assets.server.ts";
import type { loader as rootLoader } from "../../root.tsx";
import { screeningEvents, serializeJsonLd, theaterOf } from "../home/structured-data.ts";
import type { Route } from "./+types/route.ts";
import { loadFilmPage } from "./film-page.server.ts";
import { FilmFollowLinks } from "./film-follow-links.tsx";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const result = await loadFilmPage(context.get(servicesContext), url, params.slug, requestLocale(request));
  // Unknown (or hidden) films: the error screen's "Page not found: {path}" with status 404.
  if (result.kind === "missing") throw response(null, { status: 404 });
  if (result.kind === "moved") throw redirect(result.path, 301);
  return { ...result.data, widget: widgetAssets() };
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  return publicPageMeta(matches, location, loaderData);
}

type Data = Route.ComponentProps["loaderData"];

export default function FilmPage({ loaderData: data }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location?.pathname.startsWith("/films/");
  const { movie } = data;
  const facts = [
    movie.year,
    movie.runtimeMinutes ? t("home.runtime", { minutes: movie.runtimeMinutes }) : null,
    movie.genres.join(", "),
    movie.localRating ? `${t("film.ageRating")} ${movie.localRating}` : null,
  ].filter(Boolean);
  return (
    <main className="mx-auto max-w-6xl px-4 py-6">
      <FilmJsonLd data={data} />
      {/* The widget turns the time chips into ticket panels once ready (links until then), as on "/". */}
      <link rel="preload" as="style" href={data.widget.stylesheet} />
      <script src={data.widget.script} async />
      {/* Poster (or its artwork) beside everything the page knows of the film: no empty column. */}
      <div className="flex items-start gap-4 sm:gap-6">
        <Poster
          title={movie.title}
          poster={movie.poster}
          hue={movie.posterHue}
          year={movie.year}
          genre={movie.primaryGenre}
          genreLabel={movie.genres[0] ?? null}
          className="w-24 shrink-0 sm:w-36 lg:w-40"
        />
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{movie.title}</h1>
          {facts.length ? (
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{facts.join(" · ")}</p>
          ) : null}
          <AboutFilm data={data} />
        </div>
      </div>

      <section
        aria-labelledby="showtimes-heading"
        aria-busy={busy}
        className={`mt-8 ${busy ? "opacity-60 transition-opacity" : ""}`}
      >
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h2 id="showtimes-heading" className="flex items-center gap-2 text-xl font-semibold">
            <CalendarDays aria-hidden="true" className="size-5 text-primary-700 dark:text-primary-400" />
            {t("film.showtimesIn", { place: data.placeName })}
          </h2>
          <PlaceForm data={data} />
        </div>
        {data.cityCorrection ? (
          <p role="status" className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {t("home.showingResultsFor", data.cityCorrection)}
          </p>
        ) : null}
        <Showtimes data={data} />
        <FilmFollowLinks slug={data.movie.slug} city={data.place.kind === "city" ? data.place.city : null} />
      </section>
      <FilmFacts data={data} className="mt-8 sm:hidden" />
    </main>
  );
}

function Showtimes({ data }: { data: Data }) {
  const t = useT();
  if (data.place.kind === "unknown")
    return (
      <Notice title={t("home.cityNotFound", { city: data.placeName })}>
        <Elsewhere data={data} />
      </Notice>
    );
  if (data.notHere)
    return (
      <Notice
        title={
          data.elsewhere.length
            ? t("film.notHere", { film: data.movie.title, place: data.placeName })
            : t("film.notAnywhere", { film: data.movie.title })
        }
      >
        <Elsewhere data={data} />
      </Notice>
    );
  return (
    <>
      <div className="mt-3">
        <DayPicker days={data.days} current={data.date} />
      </div>
      <p className="mt-3 text-sm font-medium text-slate-700 dark:text-slate-300" data-testid="day-label">
        {data.dateLabel}
      </p>
      {data.cinemas.length === 0 ? (
        <Notice title={t("film.noShowtimesDay")} />
      ) : (
        <>
          <MapPinSymbol />
          <ol className="mt-3 space-y-5" data-testid="film-cinemas">
            {data.cinemas.map((cinema, index) => (
              <li key={cinema.id} id={`cinema-${index + 1}`} data-testid="cinema">
                <h3 className="flex flex-wrap items-baseline gap-x-2 font-medium">
                  <MapPinIcon />
                  <Link to={cinemaPagePath(cinema.slug, { date: data.cinemaDate })} className="page-link">
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
                </h3>
                <ul
                  className="mt-2 flex flex-wrap gap-2"
                  aria-label={t("home.timesAt", { cinema: cinema.name })}
                >
                  {cinema.showtimes.map((showtime) => (
                    <li key={showtime.id}>
                      <TimeChip showtime={showtime} cinema={cinema.name} title={data.movie.title} />
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
          {data.moreCinemas ? (
            <MoreLink to={data.moreCinemas.path} testId="more-cinemas">
              {t("film.moreCinemas", { count: data.moreCinemas.count })}
            </MoreLink>
          ) : null}
        </>
      )}
    </>
  );
}

/** Another place, in a disclosure so that the first screen stays the showtimes'. A GET form: no JavaScript needed. */
function PlaceForm({ data }: { data: Data }) {
  const t = useT();
  return (
    <details className="text-sm" open={data.place.kind === "unknown"}>
      <summary className="cursor-pointer font-medium text-primary-800 underline dark:text-primary-300">
        {t("film.changePlace")}
      </summary>
      <Form method="get" action={`/films/${data.movie.slug}`} className="mt-2 flex flex-wrap items-end gap-2">
        <div className="flex flex-col gap-1">
          <label htmlFor="film-city" className="font-medium">
            {t("home.cityLabel")}
          </label>
          <input
            id="film-city"
            name="city"
            type="search"
            defaultValue={data.cityText}
            placeholder={t("home.cityPlaceholder")}
            autoComplete="address-level2"
            maxLength={100}
            required
            className="rounded-md border border-slate-500 bg-white px-3 py-1.5 dark:border-slate-500 dark:bg-slate-950"
          />
        </div>
        <button
          type="submit"
          className="rounded-md bg-primary-700 px-3 py-1.5 font-medium text-white hover:bg-primary-800"
        >
          {t("home.search")}
        </button>
      </Form>
    </details>
  );
}

function Elsewhere({ data }: { data: Data }) {
  const t = useT();
  if (data.elsewhere.length === 0) return null;
  return (
    <div className="flex flex-wrap items-baseline justify-center gap-x-3 gap-y-1 text-sm">
      <span>{t("film.elsewhere")}</span>
      <ul className="contents">
        {data.elsewhere.map((place) => (
          <li key={place.path}>
            <Link to={place.path} className="font-medium text-primary-800 underline dark:text-primary-300">
              {place.city}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The film's facts as a list (original title, directors, language, links, age ratings). Beside the poster
 * from 640 px up; on a phone after the showtimes, so that the first screen keeps its first showtime.
 */
function FilmFacts({ data, className }: { data: Data; className: string }) {
  const t = useT();
  const { movie } = data;
  const rows: Array<[string, ReactNode]> = [];
  if (movie.originalTitle) rows.push([t("film.originalTitle"), movie.originalTitle]);
  if (movie.directors.length)
    rows.push([t("film.directors", { count: movie.directors.length }), movie.directors.join(", ")]);
  if (movie.language) rows.push([t("film.originalLanguage"), movie.language]);
  const links = [
    movie.imdbUrl ? { href: movie.imdbUrl, name: "IMDb" } : null,
    movie.wikidataUrl ? { href: movie.wikidataUrl, name: "Wikidata" } : null,
  ].filter((link) => link !== null);
  if (links.length)
    rows.push([
      t("film.elsewhereOnline"),
      <span key="links" className="flex flex-wrap gap-x-3">
        {links.map((link) => (
          <a key={link.name} href={link.href} rel="noopener" className="page-link">
            {link.name}
          </a>
        ))}
      </span>,
    ]);
  if (movie.ratings.length)
    rows.push([
      t("film.ageRating"),
      <ul key="ratings">
        {movie.ratings.map((r) => (
          <li key={r.code}>{`${r.country}: ${r.rating}`}</li>
        ))}
      </ul>,
    ]);
  if (rows.length === 0) return null;
  return (
    <dl className={`grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm ${className}`} data-testid="film-facts">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-medium">{term}</dt>
          <dd className="min-w-0 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The synopsis, or the facts as a sentence when there is none; the facts; the trailer. */
function AboutFilm({ data }: { data: Data }) {
  const t = useT();
  const { movie } = data;
  return (
    <section aria-labelledby="about-heading" className="mt-3">
      <h2 id="about-heading" className="sr-only">
        {t("film.about")}
      </h2>
      {movie.synopsis ? (
        <p
          className="max-w-prose text-sm text-slate-700 sm:text-base dark:text-slate-300"
          lang={movie.synopsis.lang}
          data-testid="film-description"
        >
          {movie.synopsis.text}
        </p>
      ) : (
        <p
          className="max-w-prose text-sm text-slate-700 sm:text-base dark:text-slate-300"
          data-testid="film-description"
        >
          {movie.factLine}
        </p>
      )}
      <FilmFacts data={data} className="mt-3 hidden sm:grid" />
      {movie.trailerUrl ? (
        <p className="mt-3 text-sm">
          <TrailerLink href={movie.trailerUrl} />
        </p>
      ) : null}
    </section>
  );
}

function TrailerLink({ href }: { href: string }) {
  const t = useT();
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1 font-medium text-primary-800 underline dark:text-primary-300"
    >
      {t("film.trailer")}
      <ExternalLink aria-hidden="true" className="size-3.5" />
      <span className="sr-only">, {t("common.opensInNewTab")}</span>
    </a>
  );
}

function Notice({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div
      className="mt-4 flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 px-6 py-10 text-center dark:border-slate-700"
      role="status"
    >
      <SearchX aria-hidden="true" className="size-8 text-slate-500" />
      <p className="font-medium">{title}</p>
      {children}
    </div>
  );
}

/** schema.org: the Movie and each listed cinema once, and the listed times as ScreeningEvents naming them. */
function FilmJsonLd({ data }: { data: Data }) {
  const baseUrl = useRouteLoaderData<typeof rootLoader>("root")?.baseUrl;
  if (!baseUrl) return null;
  const { movie } = data;
  const filmUrl = publicUrl(baseUrl, `/films/${movie.slug}`);
  const filmId = `${filmUrl}#film`;
  const film = movieNode(filmId, filmUrl, {
    title: movie.title,
    originalTitle: movie.originalTitle,
    year: movie.year,
    runtimeMinutes: movie.runtimeMinutes,
    genres: movie.genres,
    synopsis: movie.synopsis,
    image: movie.poster ? publicUrl(baseUrl, movie.poster.url) : null,
    contentRating: movie.localRating,
    sameAs: [movie.imdbUrl, movie.wikidataUrl].filter((u): u is string => u !== null),
  });
  const countryCode = data.place.kind === "city" ? data.place.countryCode : undefined;
  const cinemas = data.cinemas.map((cinema) => {
    const url = publicUrl(baseUrl, cinemaPagePath(cinema.slug));
    return { ...cinema, ref: `${url}#cinema`, url };
  });
  const theaters = cinemas.map((cinema) => ({
    ...theaterOf(cinema, countryCode),
    "@id": cinema.ref,
    url: cinema.url,
  }));
  const events = screeningEvents([{ ...movie, ref: filmId, cinemas }], {
    url: publicUrl(baseUrl, data.canonicalPath),
    countryCode,
  });
  return (
    <script
      type="application/ld+json"
      dangerouslySetInnerHTML={{ __html: serializeJsonLd([film, ...theaters, ...events]) }}
    />
  );
}
