import { CalendarDays, LocateFixed, SearchX, Ticket } from "lucide-react";
import { type ReactNode, useRef, useState, useSyncExternalStore } from "react";
import {
  Form,
  Link,
  type MetaDescriptor,
  useNavigate,
  useNavigation,
  useRouteLoaderData,
  useSubmit,
} from "react-router";
import { servicesContext } from "../../lib/context.ts";
import { useT, type MessageKey } from "../../lib/i18n.tsx";
import { usePrefetchMode } from "../../lib/network.ts";
import { publicPageLinks, publicUrl } from "../../lib/public-urls.ts";
import { requestLocale } from "../../lib/request-locale.server.ts";
import { widgetAssets } from "../../lib/widget-assets.server.ts";
import type { loader as rootLoader } from "../../root.tsx";
import type { Route } from "./+types/route.ts";
import { FILMS_STEP } from "./listing-params.ts";
import { loadHomeListing } from "./listing.server.ts";
import { screeningEvents, serializeJsonLd } from "./structured-data.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const listing = await loadHomeListing(
    context.get(servicesContext),
    new URL(request.url),
    requestLocale(request),
  );
  return { ...listing, widget: widgetAssets() };
}

/** The root's tags this page replaces with its own. */
function isReplacedMeta(d: MetaDescriptor) {
  if ("title" in d) return true;
  if ("name" in d) return ["description", "twitter:title", "twitter:description"].includes(String(d.name));
  return "property" in d && ["og:title", "og:description"].includes(String(d.property));
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  // The root's tags once (a layout without meta of its own repeats its parent's: flattening every
  // match's meta doubled them).
  const rootMeta = matches.find((m) => m?.id === "root")?.meta ?? [];
  const description = loaderData?.metaDescription ?? "";
  // The title names the place: "What's on in Utrecht · Reeltime" is what a search result should say.
  const title = loaderData?.pageTitle ? `${loaderData.pageTitle} · Reeltime` : undefined;
  return [
    ...rootMeta.filter((d) => !title || !isReplacedMeta(d)),
    ...(title
      ? [
          { title },
          { property: "og:title", content: title },
          { name: "twitter:title", content: title },
          { name: "description", content: description },
          { property: "og:description", content: description },
          { name: "twitter:description", content: description },
        ]
      : []),
    ...publicPageLinks(matches, location, loaderData?.canonicalPath ?? "/"),
    // "No such city" is not a page worth a search result.
    ...(loaderData?.cityNotFound ? [{ name: "robots", content: "noindex" }] : []),
  ];
}

type Data = Route.ComponentProps["loaderData"];
type Showtime = Data["movies"][number]["cinemas"][number]["showtimes"][number];

function listingHref(data: Data, changes: { date?: string; films?: number }) {
  const params = new URLSearchParams();
  if (data.place.kind === "near") params.set("near", data.place.near);
  else params.set("city", data.place.city);
  params.set("date", changes.date ?? data.date);
  for (const code of data.selected) params.append("attr", code);
  if (changes.films) params.set("films", String(changes.films));
  return `/?${params.toString()}`;
}

export default function Home({ loaderData: data }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location?.pathname === "/";
  const placeName =
    data.place.kind === "near" ? t("home.nearYou") : data.cityNotFound ? data.cityText : data.place.city;
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold tracking-tight">{t("home.title", { place: placeName })}</h1>
      <p className="mt-1 text-slate-600 dark:text-slate-400">{t("home.subtitle")}</p>

      <ScreeningEventsJsonLd data={data} />
      {/*
        The widget's script turns the time chips into ticket panels once it is ready (links until then).
        Its stylesheet styles only the panel's shadow root, which links it: here it is fetched early
        without blocking the first paint.
      */}
      <link rel="preload" as="style" href={data.widget.stylesheet} />
      <script src={data.widget.script} async />
      <SearchForm data={data} />
      {data.cityCorrected ? <CityCorrection data={data} /> : null}
      <DateStrip data={data} />

      <section
        aria-labelledby="results-heading"
        aria-busy={busy}
        className={busy ? "opacity-60 transition-opacity" : undefined}
      >
        <h2 id="results-heading" className="mt-8 mb-4 flex items-center gap-2 text-xl font-semibold">
          <CalendarDays aria-hidden="true" className="size-5 text-primary-700 dark:text-primary-400" />
          {t("home.resultsHeading", { date: data.dateLabel, count: data.movieCount })}
        </h2>
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
                  <article
                    aria-labelledby={`movie-${movie.id}`}
                    className="rounded-xl border border-slate-200 p-5 dark:border-slate-800"
                    data-testid="movie"
                  >
                    <h3 id={`movie-${movie.id}`} className="text-lg font-semibold">
                      {movie.title}
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
                            {cinema.name}
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
                          <ul
                            className="mt-2 flex flex-wrap gap-2"
                            aria-label={t("home.timesAt", { cinema: cinema.name })}
                          >
                            {cinema.showtimes.map((showtime) => (
                              <li key={showtime.id}>
                                <TimeChip showtime={showtime} cinema={cinema.name} title={movie.title} />
                              </li>
                            ))}
                          </ul>
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
 * The map pin is drawn once and used by every cinema: a listing has dozens of cinemas, and a full SVG
 * each (lucide's MapPin) added more than 400 bytes apiece to the page.
 */
function MapPinSymbol() {
  return (
    <svg aria-hidden="true" className="hidden">
      <symbol id="map-pin" viewBox="0 0 24 24">
        <path d="M20 10c0 4.993-5.539 10.193-7.399 11.799a1 1 0 0 1-1.202 0C9.539 20.193 4 14.993 4 10a8 8 0 0 1 16 0" />
        <circle cx="12" cy="10" r="3" />
      </symbol>
    </svg>
  );
}

function MapPinIcon() {
  return (
    <svg
      aria-hidden="true"
      className="size-4 self-center fill-none stroke-slate-500 stroke-2 [stroke-linecap:round] [stroke-linejoin:round]"
    >
      <use href="#map-pin" />
    </svg>
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

/** The listed times as schema.org ScreeningEvents: data for search engines, never executed. */
function ScreeningEventsJsonLd({ data }: { data: Data }) {
  const baseUrl = useRouteLoaderData<typeof rootLoader>("root")?.baseUrl;
  if (!baseUrl || data.movies.length === 0) return null;
  const events = screeningEvents(data.movies, {
    url: publicUrl(baseUrl, data.canonicalPath),
    countryCode: data.place.kind === "city" ? data.place.countryCode : undefined,
  });
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(events) }} />;
}

const AVAILABILITY_KEY: Record<Showtime["availability"], MessageKey> = {
  available: "availability.available",
  "few-left": "availability.fewLeft",
  "sold-out": "availability.soldOut",
  unknown: "availability.unknown",
};

/**
 * A showtime: its visible time and attribute badges, then (for screen readers only) availability,
 * price and where it books. The accessible name is the chip's own text, so it starts with the
 * visible time and contains every visible word in order (WCAG 2.5.3, label in name); an
 * aria-label would replace that text and drift from it.
 */
function TimeChip({ showtime, cinema, title }: { showtime: Showtime; cinema: string; title: string }) {
  const t = useT();
  const availability = t(AVAILABILITY_KEY[showtime.availability]);
  const soldOut = showtime.availability === "sold-out";
  const details = [
    showtime.endTime ? t("home.endsAt", { time: showtime.endTime }) : null,
    showtime.afterMidnight ? t("home.afterMidnight") : null,
    showtime.started ? t("home.started") : null,
    availability,
    showtime.price,
    soldOut ? null : t("home.bookAt", { cinema }),
    soldOut ? null : t("common.opensInNewTab"),
  ]
    .filter(Boolean)
    .join(", ");
  // What a glance needs besides the time: the price, and the state of the seats when it matters.
  const status =
    showtime.availability === "sold-out" || showtime.availability === "few-left"
      ? availability
      : showtime.started
        ? t("home.started")
        : null;
  const content = (
    <>
      <span className="time-chip-time">
        <time dateTime={showtime.startsAt}>{showtime.time}</time>
        {showtime.afterMidnight ? (
          <span aria-hidden="true" className="time-chip-next-day" title={t("home.afterMidnight")}>
            +1
          </span>
        ) : null}
        {showtime.endTime ? (
          <span aria-hidden="true" className="time-chip-end">
            –{showtime.endTime}
          </span>
        ) : null}
      </span>
      {showtime.badges.length ? (
        <span className="time-chip-badges">
          {showtime.badges.map((b) => (
            <span key={b.code} className="attribute-badge">
              <span className="sr-only">, </span>
              {b.name}
            </span>
          ))}
        </span>
      ) : null}
      {showtime.price || status ? (
        <span aria-hidden="true" className="time-chip-meta">
          <span className="sr-only">, </span>
          {[showtime.price, status].filter(Boolean).join(" · ")}
        </span>
      ) : null}
      <span className="sr-only">, {details}</span>
    </>
  );
  // Sold out: nothing to book, so not a link.
  if (!showtime.bookingUrl || soldOut) {
    return (
      <span className="time-chip" data-testid="time-chip" data-availability={showtime.availability}>
        {content}
      </span>
    );
  }
  return (
    <a
      href={showtime.bookingUrl}
      target="_blank"
      rel="noopener noreferrer"
      className="time-chip"
      data-testid="time-chip"
      data-availability={showtime.availability}
      // Once the widget script is ready it opens its ticket panel from these (widget/src/ticket-dialog.ts).
      data-reeltime-ticket=""
      data-title={title}
      data-cinema={cinema}
      data-time={showtime.time}
      data-starts-at={showtime.startsAt}
      data-price={showtime.price ?? undefined}
      data-seats={
        showtime.seatsAvailable === null
          ? undefined
          : showtime.seatsTotal === null
            ? t("home.seatsLeft", { available: showtime.seatsAvailable })
            : t("home.seatsOf", { available: showtime.seatsAvailable, total: showtime.seatsTotal })
      }
      data-auditorium={showtime.auditorium ?? undefined}
      data-attributes={showtime.badges.map((b) => b.name).join(", ") || undefined}
    >
      {content}
    </a>
  );
}

function SearchForm({ data }: { data: Data }) {
  const t = useT();
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const city = data.place.kind === "city" ? data.place.city : "";
  return (
    <Form
      ref={formRef}
      method="get"
      action="/"
      className="mt-6 rounded-xl border border-slate-200 bg-slate-50 p-4 dark:border-slate-800 dark:bg-slate-900"
      onChange={(event) => {
        // Filters apply at once with JavaScript; without it the submit button does the same.
        if ((event.target as unknown as HTMLInputElement).type === "checkbox")
          submit(event.currentTarget, { preventScrollReset: true });
      }}
      aria-label={t("home.searchLabel")}
    >
      <input type="hidden" name="date" value={data.date} />
      {/* A visitor who asked for more films keeps them when filtering. */}
      {data.filmsAsked ? <input type="hidden" name="films" value={data.filmsAsked} /> : null}
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex min-w-56 flex-1 flex-col gap-1">
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
        <button
          type="submit"
          className="rounded-md bg-primary-700 px-4 py-2 font-medium text-white hover:bg-primary-800"
        >
          {t("home.search")}
        </button>
        <NearMeButton date={data.date} selected={data.selected} />
      </div>
      <div className="mt-4 flex flex-wrap gap-x-6 gap-y-3">
        {data.filters.map((group) => (
          <fieldset key={group.category} className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <legend className="me-2 float-left text-sm font-medium text-slate-700 dark:text-slate-300">
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
      </div>
    </Form>
  );
}

const noSubscription = () => () => {};

/** "Near me" needs the browser's geolocation, so it appears only once JavaScript runs. */
function NearMeButton({ date, selected }: { date: string; selected: string[] }) {
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
                date,
              });
              for (const code of selected) params.append("attr", code);
              void navigate(`/?${params.toString()}`);
            },
            () => setState("denied"),
            { timeout: 10_000, maximumAge: 300_000 },
          );
        }}
        className="flex items-center gap-2 rounded-md border border-slate-400 px-4 py-2 font-medium hover:bg-white disabled:opacity-60 dark:border-slate-600 dark:hover:bg-slate-800"
      >
        <LocateFixed aria-hidden="true" className="size-4" />
        {state === "locating" ? t("home.locating") : t("home.nearMe")}
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
  return (
    <nav aria-label={t("home.dates")} className="mt-6 -mx-4 overflow-x-auto px-4">
      <ul className="flex gap-2" data-testid="date-strip">
        {data.dates.map((day) => {
          const current = day.value === data.date;
          return (
            <li key={day.value}>
              <Link
                to={listingHref(data, { date: day.value })}
                prefetch={prefetch}
                preventScrollReset
                aria-current={current ? "date" : undefined}
                className={`flex min-w-16 flex-col items-center rounded-lg border px-3 py-2 text-sm ${
                  current
                    ? "border-primary-700 bg-primary-700 text-white dark:border-primary-400 dark:bg-primary-400 dark:text-slate-950"
                    : "border-slate-300 hover:border-primary-600 dark:border-slate-700"
                }`}
              >
                <span className="font-semibold">{day.isToday ? t("home.today") : day.weekday}</span>
                <span>{day.day}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
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
