// Server side of /cinemas/{slug}: the cinema, its week (today and the next six days that have shows, and
// tonight), and the chosen day's films at a glance (a card each with its next times; the film page has all).
import { findPublicCinema } from "../../../core/catalog/cinemas/find-public-cinema.ts";
import type { Locale } from "../../../core/i18n/locales.ts";
import type { AppServices } from "../../../core/services.ts";
import { TONIGHT_FROM } from "../../../core/showtimes/find-listing-days.ts";
import { listingDateOf, listingDates } from "../../../core/showtimes/listing-day.ts";
import {
  attributeNames,
  FILMS_PER_PAGE,
  FILMS_STEP,
  filmsShown,
  isDefaultCity,
} from "../../../core/showtimes/public-listing.ts";
import { chosenDay, dayChoices, longDayLabel, requestedDay, TONIGHT } from "../../lib/listing-days.server.ts";
import { publicPageContext } from "../../lib/public-lookups.server.ts";
import { cinemaPagePath, filmPagePath } from "../../lib/public-paths.ts";
import { filmGlanceView } from "../../lib/showtime-view.server.ts";

/** A cinema's week: the days its page offers. */
export const CINEMA_WEEK_DAYS = 7;

export async function loadCinemaPage(services: AppServices, url: URL, slug: string, locale: Locale) {
  const cinema = await findPublicCinema(services, slug);
  if (!cinema) return null;
  const { now, lang, messages, format, lookups, notBefore } = publicPageContext(services, locale);
  const place = { kind: "cinema" as const, cinemaId: cinema.id };

  const dates = listingDates(now, cinema.timeZone, CINEMA_WEEK_DAYS);
  const today = listingDateOf(now, cinema.timeZone);
  const [counts, allAttributes] = await Promise.all([
    cinema.open
      ? lookups.listingDays({ place, from: dates[0]!, to: dates.at(-1)!, notBefore })
      : Promise.resolve([]),
    lookups.attributes(),
  ]);
  const date = chosenDay(requestedDay(url.searchParams.get("date"), dates), dates, counts);
  const tonight = date === TONIGHT;
  const listingDate = tonight ? today : date;
  const listing = cinema.open
    ? await lookups.listing({
        place,
        date: listingDate,
        attributes: [],
        locale,
        notBefore: listingDate === today ? notBefore : undefined,
        fromLocalTime: tonight ? TONIGHT_FROM : undefined,
      })
    : [];
  // Every film of a usual day at a glance (a card holds at most four times); "more films" adds the rest.
  const asked = url.searchParams.get("films");
  const shown = asked
    ? filmsShown(
        asked,
        listing.map((movie) => movie.showtimeCount),
      )
    : Math.min(FILMS_PER_PAGE, listing.length);
  const attributeName = attributeNames(allAttributes, locale);
  const viewContext = { lang, date: listingDate, now, attributeName };
  const film = {
    nearMe: false,
    countryCode: cinema.countryCode,
    formatCodes: new Set(allAttributes.filter((a) => a.category === "format").map((a) => a.code)),
    messages,
  };
  const dayParam = date === dates[0] ? undefined : date;
  // Film pages for this cinema's city (the default city needs no parameter), on the same day.
  const filmCity = isDefaultCity(cinema) ? undefined : cinema.city;

  return {
    cinema: {
      slug: cinema.slug,
      name: cinema.name,
      address: cinema.address,
      postalCode: cinema.postalCode,
      city: cinema.city,
      countryCode: cinema.countryCode,
      location: cinema.location,
      website: cinema.website,
      phone: cinema.phone,
      screens: cinema.screens,
      chain: cinema.chain?.name ?? null,
      open: cinema.open,
      mapUrl: mapUrl(cinema),
    },
    date,
    tonight,
    dateLabel: tonight
      ? format("listing.tonightLabel", { date: longDayLabel(today, lang) })
      : longDayLabel(listingDate, lang),
    /** no showtimes at all this week */
    quietWeek: counts.length === 0,
    days: dayChoices({ dates, counts, chosen: date, lang }).map((day) => ({
      ...day,
      path: cinemaPagePath(cinema.slug, { date: day.value === dates[0] ? undefined : day.value }),
    })),
    movieCount: listing.length,
    movies: listing.slice(0, shown).map((movie) => ({
      ...filmGlanceView(movie, film, viewContext),
      path: movie.slug ? filmPagePath(movie.slug, { city: filmCity, date: dayParam }) : null,
    })),
    moreFilms:
      shown < listing.length
        ? {
            count: Math.min(listing.length - shown, FILMS_STEP),
            path: `${cinemaPagePath(cinema.slug, {
              date: dayParam,
              films: Math.min(shown + FILMS_STEP, listing.length),
            })}#film-${shown + 1}`,
          }
        : null,
    pageTitle: format("listing.cinemaTitle", { cinema: cinema.name, city: cinema.city }),
    metaDescription: format("listing.cinemaDescription", { cinema: cinema.name, city: cinema.city }),
    canonicalPath: cinemaPagePath(cinema.slug),
    noindex: !cinema.open,
  };
}

export type CinemaPageData = NonNullable<Awaited<ReturnType<typeof loadCinemaPage>>>;

/** OpenStreetMap at the cinema's building, or a search for its address when only the city's centre is known. */
export function mapUrl(cinema: {
  name: string;
  address: string | null;
  postalCode: string | null;
  city: string;
  location: { latitude: number; longitude: number } | null;
}): string {
  if (cinema.location) {
    const { latitude, longitude } = cinema.location;
    return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=17/${latitude}/${longitude}`;
  }
  const query = [cinema.name, cinema.address, [cinema.postalCode, cinema.city].filter(Boolean).join(" ")]
    .filter(Boolean)
    .join(", ");
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(query)}`;
}
