// Server side of /shows/{id}: one show with everything needed to go (where, when, until when, what kind of
// show, price and seats), where to book or that tickets are at the box office, and "add to calendar".
import { googleCalendarUrl } from "../../../core/calendar/ics.ts";
import type { Locale } from "../../../core/i18n/locales.ts";
import type { AppServices } from "../../../core/services.ts";
import { attributeNames } from "../../../core/showtimes/public-listing.ts";
import { findPublicShow, type PublicShow } from "../../../core/showtimes/public-shows.ts";
import { dateTimeFormat, numberFormat } from "../../lib/formatters.server.ts";
import { publicPageContext, type PublicPageContext } from "../../lib/public-lookups.server.ts";
import { cinemaPagePath, filmPagePath } from "../../lib/public-paths.ts";
import { emptyFollowState } from "./follow-state.ts";
import {
  bookingUrlOf,
  endNote,
  locationOf,
  showCalendarPath,
  showEvent,
  showPagePath,
} from "./show-calendar.server.ts";

type ShowServices = Parameters<typeof publicPageContext>[0] & Pick<AppServices, "db" | "config">;

/** The show and what its calendar entry needs, or null when there is no such public, upcoming show. */
export async function findShowForCalendar(services: ShowServices, id: string, locale: Locale) {
  const context = publicPageContext(services, locale);
  const show = await findPublicShow(services, { id, locale, now: context.now });
  if (!show) return null;
  const attributeName = attributeNames(await context.lookups.attributes(), locale);
  const baseUrl = services.config.baseUrl;
  const event = showEvent(show, {
    format: context.format,
    attributeName,
    host: new URL(baseUrl).host,
    pageUrl: new URL(showPagePath(show.id), baseUrl).toString(),
  });
  return { show, event, context, attributeName };
}

export async function loadShowPage(services: ShowServices, id: string, locale: Locale) {
  const found = await findShowForCalendar(services, id, locale);
  if (!found) return null;
  const { show, event, context, attributeName } = found;
  return showPageData(show, context, attributeName, googleCalendarUrl(event));
}

function showPageData(
  show: PublicShow,
  context: PublicPageContext,
  attributeName: ReadonlyMap<string, string>,
  googleUrl: string,
) {
  const { lang, format } = context;
  const zone = show.cinema.timeZone;
  const time = (instant: Date) =>
    dateTimeFormat(lang, { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: zone }).format(
      instant,
    );
  const date = dateTimeFormat(lang, {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: zone,
  }).format(show.startsAt);
  const start = time(show.startsAt);
  const film = show.movie.title;
  return {
    id: show.id,
    film: { title: film, year: show.movie.year, runtimeMinutes: show.runtimeMinutes },
    filmPath: show.movie.slug ? filmPagePath(show.movie.slug, { city: show.cinema.city }) : null,
    cinema: { name: show.cinema.name, location: locationOf(show), timeZone: zone },
    cinemaPath: cinemaPagePath(show.cinema.slug),
    date,
    start,
    end: time(show.endsAt),
    startIso: show.startsAt.toISOString(),
    endIso: show.endsAt.toISOString(),
    endNote: endNote(show, format),
    started: show.startsAt <= context.now,
    badges: show.attributes.map((code) => ({ code, name: attributeName.get(code) ?? code })),
    auditorium: show.auditorium,
    availability: show.availability,
    seatsAvailable: show.seatsAvailable,
    price: priceText(show, lang),
    booking: show.booking ? { url: bookingUrlOf(show)!, atSite: show.booking.kind === "cinema" } : null,
    phone: show.cinema.phone,
    /** "tell me when showtimes appear" for this film in this city (films the catalogue knows only) */
    follow: show.movie.slug ? { slug: show.movie.slug, state: emptyFollowState(show.cinema.city) } : null,
    icsPath: showCalendarPath(show.id),
    googleUrl,
    pageTitle: format("show.pageTitle", { film, cinema: show.cinema.name, date }),
    metaDescription: format("show.metaDescription", { film, cinema: show.cinema.name, date, time: start }),
    canonicalPath: showPagePath(show.id),
    // A show's page lives for a few days: not worth a search result.
    noindex: true,
  };
}

function priceText(show: PublicShow, lang: string): string | null {
  if (show.priceMin === null || !show.currency) return null;
  const money = (amount: number) =>
    numberFormat(lang, { style: "currency", currency: show.currency! }).format(amount / 100);
  return show.priceMax !== null && show.priceMax !== show.priceMin
    ? `${money(show.priceMin)}–${money(show.priceMax)}`
    : money(show.priceMin);
}
