// /cinemas/{slug}: a cinema's page. Where it is (address, a map link, its chain, web site and phone) and
// its week of showtimes, a day at a time, each film with the same time chips as "/". Server-rendered;
// every control is a link, so it works without JavaScript.
import { CalendarDays, ExternalLink, SearchX } from "lucide-react";
import { data as response, useNavigation, useRouteLoaderData } from "react-router";
import { DayPicker } from "../../components/listing/day-picker.tsx";
import { MapPinIcon, MapPinSymbol } from "../../components/listing/map-pin.tsx";
import { MoreLink } from "../../components/listing/more-link.tsx";
import { FilmGlanceCard } from "../../components/listing/film-glance-card.tsx";
import { servicesContext } from "../../lib/context.ts";
import { useT } from "../../lib/i18n.tsx";
import { publicPageMeta } from "../../lib/page-meta.ts";
import { cinemaPagePath, filmPagePath } from "../../lib/public-paths.ts";
import { publicUrl } from "../../lib/public-urls.ts";
import { requestLocale } from "../../lib/request-locale.server.ts";
import { movieTheaterNode } from "../../lib/structured-data-pages.ts";
import { widgetAssets } from "../../lib/widget-assets.server.ts";
import type { loader as rootLoader } from "../../root.tsx";
import { movieOf, screeningEvents, serializeJsonLd } from "../home/structured-data.ts";
import type { Route } from "./+types/route.ts";
import { loadCinemaPage } from "./cinema-page.server.ts";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const page = await loadCinemaPage(
    context.get(servicesContext),
    new URL(request.url),
    params.slug,
    requestLocale(request),
  );
  // Unknown cinemas: the error screen's "Page not found: {path}" with status 404.
  if (!page) throw response(null, { status: 404 });
  return { ...page, widget: widgetAssets() };
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  return publicPageMeta(matches, location, loaderData);
}

type Data = Route.ComponentProps["loaderData"];

export default function CinemaPage({ loaderData: data }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location?.pathname.startsWith("/cinemas/");
  const { cinema } = data;
  const where = [cinema.address, [cinema.postalCode, cinema.city].filter(Boolean).join(" ")]
    .filter(Boolean)
    .join(", ");
  return (
    <main className="mx-auto max-w-6xl px-4 py-6">
      <CinemaJsonLd data={data} />
      <link rel="preload" as="style" href={data.widget.stylesheet} />
      <script src={data.widget.script} async />
      <MapPinSymbol />
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{cinema.name}</h1>
      <p className="mt-1 flex items-baseline gap-x-2 text-sm text-slate-600 dark:text-slate-400">
        <MapPinIcon />
        <span>
          <span data-testid="cinema-address">{where}</span>
          {[
            cinema.chain ? t("cinema.chain", { chain: cinema.chain }) : null,
            cinema.screens ? t("cinema.screens", { count: cinema.screens }) : null,
          ]
            .filter(Boolean)
            .map((fact) => ` · ${fact}`)
            .join("")}
        </span>
      </p>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <li>
          <ExternalAnchor href={cinema.mapUrl} testId="map-link">
            {t("cinema.map")}
          </ExternalAnchor>
        </li>
        {cinema.website ? (
          <li>
            <ExternalAnchor href={cinema.website}>{t("cinema.website")}</ExternalAnchor>
          </li>
        ) : null}
        {cinema.phone ? (
          <li>
            {t("cinema.phone")}{" "}
            <a href={`tel:${cinema.phone.replace(/[^+\d]/g, "")}`} className="font-medium underline">
              {cinema.phone}
            </a>
          </li>
        ) : null}
        <li>
          <a
            href={`/cinemas/${encodeURIComponent(cinema.slug)}/calendar.ics`}
            className="underline"
            data-testid="cinema-calendar"
          >
            {t("cinema.calendarFeed")}
          </a>
        </li>
      </ul>

      <section
        aria-labelledby="showtimes-heading"
        aria-busy={busy}
        className={`mt-6 ${busy ? "opacity-60 transition-opacity" : ""}`}
      >
        <h2 id="showtimes-heading" className="flex items-center gap-2 text-xl font-semibold">
          <CalendarDays aria-hidden="true" className="size-5 text-primary-700 dark:text-primary-400" />
          {t("cinema.programme")}
        </h2>
        <Programme data={data} />
      </section>
    </main>
  );
}

function Programme({ data }: { data: Data }) {
  const t = useT();
  if (!data.cinema.open) return <Notice title={t("cinema.closed")} />;
  if (data.quietWeek) return <Notice title={t("cinema.noShowtimesWeek")} />;
  return (
    <>
      <div className="mt-3">
        <DayPicker days={data.days} current={data.date} />
      </div>
      <p className="mt-3 text-sm font-medium text-slate-700 dark:text-slate-300" data-testid="day-label">
        {data.dateLabel}
      </p>
      {data.movies.length === 0 ? (
        <Notice title={t("film.noShowtimesDay")} />
      ) : (
        <>
          <ol className="mt-3 glance-list" data-testid="cinema-films">
            {data.movies.map((movie, index) => (
              <li key={movie.id} id={`film-${index + 1}`}>
                <FilmGlanceCard
                  film={movie}
                  position={index + 1}
                  filmHref={movie.path}
                  cinemaHref={(slug) => cinemaPagePath(slug)}
                  showCinemas={false}
                />
              </li>
            ))}
          </ol>
          {data.moreFilms ? (
            <MoreLink
              to={data.moreFilms.path}
              testId="more-films"
              shown={t("home.filmsShown", { shown: data.movies.length, total: data.movieCount })}
            >
              {t("home.moreFilms", { count: data.moreFilms.count })}
            </MoreLink>
          ) : null}
        </>
      )}
    </>
  );
}

function ExternalAnchor({ href, children, testId }: { href: string; children: string; testId?: string }) {
  const t = useT();
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1 font-medium text-primary-800 underline dark:text-primary-300"
      data-testid={testId}
    >
      {children}
      <ExternalLink aria-hidden="true" className="size-3.5" />
      <span className="sr-only">, {t("common.opensInNewTab")}</span>
    </a>
  );
}

function Notice({ title }: { title: string }) {
  return (
    <div
      className="mt-4 flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 px-6 py-10 text-center dark:border-slate-700"
      role="status"
    >
      <SearchX aria-hidden="true" className="size-8 text-slate-500" />
      <p className="font-medium">{title}</p>
    </div>
  );
}

/** schema.org: the MovieTheater and each listed film once, and the listed times as ScreeningEvents naming them. */
function CinemaJsonLd({ data }: { data: Data }) {
  const baseUrl = useRouteLoaderData<typeof rootLoader>("root")?.baseUrl;
  if (!baseUrl) return null;
  const { cinema } = data;
  const url = publicUrl(baseUrl, data.canonicalPath);
  const theaterId = `${url}#cinema`;
  const theater = movieTheaterNode(theaterId, url, cinema);
  const movies = data.movies.map((movie) => {
    const filmUrl = movie.slug ? publicUrl(baseUrl, filmPagePath(movie.slug)) : undefined;
    return {
      ...movie,
      url: filmUrl,
      ref: filmUrl && `${filmUrl}#film`,
      cinemas: [
        {
          ref: theaterId,
          name: cinema.name,
          address: cinema.address,
          city: cinema.city,
          showtimes: movie.cinemas.flatMap((c) => c.showtimes),
        },
      ],
    };
  });
  const films = movies.flatMap((movie) =>
    movie.ref ? [{ ...movieOf(movie), "@id": movie.ref, url: movie.url }] : [],
  );
  const events = screeningEvents(movies, { url, countryCode: cinema.countryCode });
  return (
    <script
      type="application/ld+json"
      dangerouslySetInnerHTML={{ __html: serializeJsonLd([theater, ...films, ...events]) }}
    />
  );
}
