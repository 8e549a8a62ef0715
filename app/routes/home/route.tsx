// "/": the listing of a place's films for a day (the loader: listing.server.ts; the rules:
// core/showtimes/home-listing.ts), with its search form, day choices and film cards beside it.
import { CalendarDays } from "lucide-react";
import { redirect, useNavigation } from "react-router";
import { TONIGHT_FROM_HOUR } from "../../../core/showtimes/quick-picks.ts";
import { servicesContext } from "../../lib/context.ts";
import { useT } from "../../lib/i18n.tsx";
import { publicPageMeta } from "../../lib/page-meta.ts";
import { requestLocale } from "../../lib/request-locale.server.ts";
import { widgetAssets } from "../../lib/widget-assets.server.ts";
import type { Route } from "./+types/route.ts";
import { DateStrip, QuickPicks } from "./day-links.tsx";
import { FilmCards, MoreFilms, ResultsHeading } from "./film-cards.tsx";
import { searchFilm } from "./film-search.server.ts";
import { ScreeningEventsJsonLd } from "./listing-json-ld.tsx";
import { listingHref } from "./listing-link.ts";
import { CityCorrection, CityLinks, EmptyState, FilmMatches } from "./listing-notices.tsx";
import { loadHomeListing } from "./listing.server.ts";
import { SearchForm } from "./search-form.tsx";

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

export default function Home({ loaderData: data }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location?.pathname === "/";
  const placeName =
    data.place.kind === "near"
      ? data.place.city
        ? t("home.nearCity", { city: data.place.city })
        : t("home.nearYou")
      : data.cityNotFound
        ? data.cityText
        : data.place.city;
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
          <FilmCards data={data} />
        )}
        <MoreFilms data={data} />
      </section>
    </main>
  );
}
