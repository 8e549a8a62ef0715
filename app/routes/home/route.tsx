import { CalendarDays, LocateFixed, Search, SearchX, Ticket } from "lucide-react";
import { Fragment, type ReactNode, useEffect, useRef, useState, useSyncExternalStore } from "react";
import {
  Form,
  Link,
  redirect,
  useNavigate,
  useNavigation,
  useRouteLoaderData,
  useSubmit,
} from "react-router";
import { servicesContext } from "../../lib/context.ts";
import { MapPinIcon, MapPinSymbol } from "../../components/listing/map-pin.tsx";
import { TimeChip } from "../../components/listing/time-chip.tsx";
import { useT, type MessageKey } from "../../lib/i18n.tsx";
import { usePrefetchMode } from "../../lib/network.ts";
import { cinemaPagePath, filmPagePath } from "../../lib/public-paths.ts";
import { publicPageMeta } from "../../lib/page-meta.ts";
import { publicUrl } from "../../lib/public-urls.ts";
import { requestLocale } from "../../lib/request-locale.server.ts";
import { widgetAssets } from "../../lib/widget-assets.server.ts";
import type { loader as rootLoader } from "../../root.tsx";
import type { Route } from "./+types/route.ts";
import { FILMS_STEP, listingParams, type ListingChanges, type ListingState } from "./listing-params.ts";
import { FILM_SORTS } from "../../../core/showtimes/sort-listing.ts";
import { QUICK_PICKS, TONIGHT_FROM_HOUR, type QuickPick } from "../../../core/showtimes/quick-picks.ts";
import { FiltersButton, FiltersSheet } from "./filters-sheet.tsx";
import { searchFilm } from "./film-search.server.ts";
import { loadHomeListing } from "./listing.server.ts";
import { movieOf, screeningEvents, serializeJsonLd, theaterOf, type JsonLd } from "./structured-data.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const url = new URL(request.url);
  const locale = requestLocale(request);
  // A film typed in the search form opens its page; a doubtful one is listed with what it may mean.
  const film = await searchFilm(services, url, locale);
  if ("redirectTo" in film) throw redirect(film.redirectTo);
  const listing = await loadHomeListing(services, url, locale);
  return { ...listing, filmSearch: film.view, widget: widgetAssets() };
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  return publicPageMeta(
    matches,
    location,
    // "No such city" is not a page worth a search result.
    loaderData && {
      pageTitle: loaderData.pageTitle,
      metaDescription: loaderData.metaDescription,
      canonicalPath: loaderData.canonicalPath,
      noindex: loaderData.cityNotFound,
    },
  );
}

type Data = Route.ComponentProps["loaderData"];
type Cinema = Data["movies"][number]["cinemas"][number];
type Showtime = Cinema["showtimes"][number];

function listingHref(data: Data, changes: ListingChanges) {
  const params = new URLSearchParams();
  if (data.place.kind === "near") params.set("near", data.place.near);
  else params.set("city", data.place.city);
  listingParams(params, data, changes);
  return `/?${params.toString()}`;
}

export default function Home({ loaderData: data }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location?.pathname === "/";
  const placeName =
    data.place.kind === "near" ? t("home.nearYou") : data.cityNotFound ? data.cityText : data.place.city;
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 phone:pt-4">
      <h1 className="text-3xl font-bold tracking-tight phone:text-2xl">
        {t("home.title", { place: placeName })}
      </h1>
      <p className="mt-1 text-slate-600 phone:hidden dark:text-slate-400">{t("home.subtitle")}</p>

      <ScreeningEventsJsonLd data={data} />
      {/*
        The widget's script turns the time chips into ticket panels once it is ready (links until then).
        Its stylesheet styles only the panel's shadow root, which links it: here it is fetched early
        without blocking the first paint.
      */}
      <link rel="preload" as="style" href={data.widget.stylesheet} />
      <script src={data.widget.script} async />
      <SearchForm data={data} />
      {data.filmSearch ? <FilmMatches search={data.filmSearch} /> : null}
      {data.cityCorrected ? <CityCorrection data={data} /> : null}
      <QuickPicks data={data} />
      <DateStrip data={data} />

      <section
        aria-labelledby="results-heading"
        aria-busy={busy}
        className={busy ? "opacity-60 transition-opacity" : undefined}
      >
        <h2 id="results-heading" className="results-heading">
          <CalendarDays aria-hidden="true" className="size-5 text-primary-700 dark:text-primary-400" />
          <ResultsHeading data={data} />
        </h2>
        {data.when === "tonight" ? (
          <p className="-mt-2 mb-4 text-sm text-slate-600 dark:text-slate-400">
            {t("home.tonightFrom", { time: `${TONIGHT_FROM_HOUR}:00` })}
          </p>
        ) : null}
        {data.todayIsOver ? (
          <p className="-mt-2 mb-4 text-sm text-slate-600 dark:text-slate-400">{t("home.todayIsOver")}</p>
        ) : null}
        {data.cityNotFound ? (
          <EmptyState
            title={t("home.cityNotFound", { city: data.cityText })}
            hint={data.citySuggestions.length ? t("home.didYouMean") : t("home.cityNotFoundHint")}
          >
            <CityLinks data={data} cities={data.citySuggestions} />
          </EmptyState>
        ) : data.movies.length === 0 ? (
          <EmptyState
            title={t("home.empty")}
            hint={data.selected.length ? t("home.emptyWithFilters") : t("home.emptyHint")}
            action={
              data.selected.length
                ? { to: listingHref({ ...data, selected: [] }, {}), label: t("home.clearFilters") }
                : undefined
            }
          />
        ) : (
          <>
            <MapPinSymbol />
            <ol className="space-y-6" data-testid="listing">
              {data.movies.map((movie, index) => (
                <li key={movie.id} id={`film-${index + 1}`}>
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
                                cinema.distanceKm !== null
                                  ? t("home.distance", { km: cinema.distanceKm })
                                  : null,
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
                </li>
              ))}
            </ol>
          </>
        )}
        <MoreFilms data={data} />
      </section>
    </main>
  );
}

/**
 * The first screen holds a few films (listing.server.ts, filmsShown); this link renders the page with up to
 * FILMS_STEP more (a plain link: works
 * without JavaScript, and jumps to the first film that was not on the page before).
 */
function MoreFilms({ data }: { data: Data }) {
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

/**
 * The listed times as schema.org ScreeningEvents: data for search engines, never executed. Each film and
 * cinema is described once, with the @id its own page gives it, and the events name it (a tenth of the
 * page's bytes less than repeating both in every event).
 */
function ScreeningEventsJsonLd({ data }: { data: Data }) {
  const baseUrl = useRouteLoaderData<typeof rootLoader>("root")?.baseUrl;
  if (!baseUrl || data.movies.length === 0) return null;
  const countryCode = data.place.kind === "city" ? data.place.countryCode : undefined;
  const nodes = new Map<string, JsonLd>();
  const movies = data.movies.map((movie) => {
    let ref: string | undefined;
    if (movie.slug !== null) {
      const url = publicUrl(baseUrl, filmPagePath(movie.slug));
      ref = `${url}#film`;
      nodes.set(ref, { ...movieOf(movie), "@id": ref, url });
    }
    const cinemas = movie.cinemas.map((cinema) => {
      const cinemaUrl = publicUrl(baseUrl, cinemaPagePath(cinema.slug));
      const cinemaRef = `${cinemaUrl}#cinema`;
      if (!nodes.has(cinemaRef))
        nodes.set(cinemaRef, { ...theaterOf(cinema, countryCode), "@id": cinemaRef, url: cinemaUrl });
      return { ...cinema, ref: cinemaRef };
    });
    return { ...movie, ref, cinemas };
  });
  const events = screeningEvents(movies, { url: publicUrl(baseUrl, data.canonicalPath), countryCode });
  return (
    <script
      type="application/ld+json"
      dangerouslySetInnerHTML={{ __html: serializeJsonLd([...nodes.values(), ...events]) }}
    />
  );
}

function SearchForm({ data }: { data: Data }) {
  const t = useT();
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const sheet = useRef<HTMLDialogElement>(null);
  const city = data.place.kind === "city" ? data.place.city : "";
  return (
    <Form
      ref={formRef}
      method="get"
      action="/"
      className="search-form"
      onChange={(event) => {
        // Filters and the order apply at once with JavaScript; without it the submit button does the same.
        const field = event.target as unknown as HTMLInputElement;
        if (field.type === "checkbox" || field.name === "sort")
          submit(event.currentTarget, { preventScrollReset: true });
      }}
      aria-label={t("home.searchLabel")}
    >
      {/* The quick pick or the day stays when searching, filtering or sorting. */}
      {data.when ? (
        <input type="hidden" name="when" value={data.when} />
      ) : (
        <input type="hidden" name="date" value={data.date} />
      )}
      {/* A visitor who asked for more films keeps them when filtering. */}
      {data.filmsAsked ? <input type="hidden" name="films" value={data.filmsAsked} /> : null}
      <div className="search-row">
        <div className="flex min-w-56 flex-1 flex-col gap-1 phone:min-w-0 phone:basis-[45%]">
          <label htmlFor="city" className="text-sm font-medium">
            {t("home.cityLabel")}
          </label>
          <input
            id="city"
            name="city"
            type="search"
            list="city-suggestions"
            defaultValue={data.cityNotFound ? data.cityText : city}
            placeholder={t("home.cityPlaceholder")}
            autoComplete="address-level2"
            maxLength={100}
            className="rounded-md border border-slate-500 bg-white px-3 py-2 dark:border-slate-500 dark:bg-slate-950"
          />
          <datalist id="city-suggestions">
            {data.cities.map((c) => (
              <option key={c} value={c} />
            ))}
          </datalist>
        </div>
        <FilmField text={data.filmSearch?.text ?? ""} />
        <button
          type="submit"
          className="rounded-md bg-primary-700 px-4 py-2 font-medium text-white hover:bg-primary-800 phone:px-2.5"
        >
          {/* Phones show the icon: the row also holds "Near me" and "Filters". */}
          <Search aria-hidden="true" className="hidden size-5 phone:block" />
          <span className="phone:sr-only">{t("home.search")}</span>
        </button>
        <NearMeButton listing={data} />
        <FiltersButton sheet={sheet} selected={data.selected.length} />
      </div>
      <FiltersSheet sheet={sheet} showtimeCount={data.showtimeCount}>
        <div className="mt-4 flex flex-wrap gap-x-6 gap-y-3">
          {data.filters.map((group) => (
            <fieldset key={group.category} className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <legend className="me-2 float-start text-sm font-medium text-slate-700 dark:text-slate-300">
                {t(`attributeCategory.${group.category}` as MessageKey)}
              </legend>
              {group.options.map((option) => (
                <label key={option.code} className="flex items-center gap-1.5 text-sm">
                  <input
                    type="checkbox"
                    name="attr"
                    value={option.code}
                    defaultChecked={data.selected.includes(option.code)}
                    className="size-4 accent-green-700"
                  />
                  {option.name}
                </label>
              ))}
            </fieldset>
          ))}
          <SortControl data={data} />
        </div>
      </FiltersSheet>
    </Form>
  );
}

/** "Find a film": a title typed here opens the film's page for the city and day of the form. */
function FilmField({ text }: { text: string }) {
  const t = useT();
  return (
    <div className="flex min-w-56 flex-1 flex-col gap-1 phone:min-w-0 phone:basis-[45%]">
      <label htmlFor="film" className="text-sm font-medium">
        {t("home.filmLabel")}
      </label>
      <input
        id="film"
        name="film"
        type="search"
        defaultValue={text}
        placeholder={t("home.filmPlaceholder")}
        autoComplete="off"
        maxLength={200}
        className="rounded-md border border-slate-500 bg-white px-3 py-2 dark:border-slate-500 dark:bg-slate-950"
      />
    </div>
  );
}

/** What a film search may have meant, when it named no one film for sure. */
function FilmMatches({ search }: { search: NonNullable<Data["filmSearch"]> }) {
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

const noSubscription = () => () => {};

/** "Near me" needs the browser's geolocation, so it appears only once JavaScript runs. */
function NearMeButton({ listing }: { listing: ListingState }) {
  const t = useT();
  const navigate = useNavigate();
  const supported = useSyncExternalStore(
    noSubscription,
    () => "geolocation" in navigator,
    () => false,
  );
  const [state, setState] = useState<"idle" | "locating" | "denied">("idle");
  if (!supported) return null;
  return (
    <div className="flex flex-col gap-1">
      <button
        type="button"
        disabled={state === "locating"}
        onClick={() => {
          setState("locating");
          navigator.geolocation.getCurrentPosition(
            (position) => {
              setState("idle");
              const params = new URLSearchParams({
                near: `${position.coords.latitude.toFixed(4)},${position.coords.longitude.toFixed(4)}`,
              });
              listingParams(params, listing, {});
              void navigate(`/?${params.toString()}`);
            },
            () => setState("denied"),
            { timeout: 10_000, maximumAge: 300_000 },
          );
        }}
        className="flex items-center gap-2 rounded-md border border-slate-400 px-4 py-2 font-medium hover:bg-white disabled:opacity-60 phone:px-2.5 dark:border-slate-600 dark:hover:bg-slate-800"
      >
        <LocateFixed aria-hidden="true" className="size-4 phone:size-5" />
        <span className="phone:sr-only">{state === "locating" ? t("home.locating") : t("home.nearMe")}</span>
      </button>
      {state === "denied" ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {t("home.locationDenied")}
        </p>
      ) : null}
    </div>
  );
}

function DateStrip({ data }: { data: Data }) {
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
function QuickPicks({ data }: { data: Data }) {
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

const SORT_LABEL: Record<(typeof FILM_SORTS)[number], MessageKey> = {
  next: "home.sort.next",
  title: "home.sort.title",
  popular: "home.sort.popular",
};

/** The films' order: part of the search form (GET), so it works without JavaScript and stays in the URL. */
function SortControl({ data }: { data: Data }) {
  const t = useT();
  const select = useRef<HTMLSelectElement>(null);
  // A new order (back and forward too) shows in the control. Set, not remounted: a remount would drop
  // the focus of whoever just chose (in the phones' filters sheet, out of the dialog).
  useEffect(() => {
    if (select.current) select.current.value = data.sort;
  }, [data.sort]);
  return (
    <div className="flex items-center gap-2 text-sm">
      <label htmlFor="sort" className="font-medium text-slate-700 dark:text-slate-300">
        {t("home.sortLabel")}
      </label>
      <select
        ref={select}
        id="sort"
        name="sort"
        defaultValue={data.sort}
        className="rounded-md border border-slate-500 bg-white px-2 py-1 dark:border-slate-500 dark:bg-slate-950"
      >
        {FILM_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {t(SORT_LABEL[sort])}
          </option>
        ))}
      </select>
    </div>
  );
}

/** "12 films on Thursday 12 June", or tonight's, or the weekend's two days. */
function ResultsHeading({ data }: { data: Data }) {
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

/** "Showing results for Amsterdam": what was typed named no city exactly. */
function CityCorrection({ data }: { data: Data }) {
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
function CityLinks({ data, cities }: { data: Data; cities: readonly string[] }) {
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

function EmptyState(props: {
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
