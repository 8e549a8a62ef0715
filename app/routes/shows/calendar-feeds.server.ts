// The subscribable iCalendar feeds: a cinema's upcoming shows (/cinemas/{slug}/calendar.ics) and a film's in
// one city (/films/{slug}/calendar.ics?city=…). Bounded: the next FEED_DAYS days, at most FEED_MAX_EVENTS.
import { findPublicCinema } from "../../../core/catalog/cinemas/find-public-cinema.ts";
import { findPublicMovie } from "../../../core/catalog/movies/find-public-movie.ts";
import { buildCalendar } from "../../../core/calendar/ics.ts";
import type { Locale } from "../../../core/i18n/locales.ts";
import type { AppServices } from "../../../core/services.ts";
import { attributeNames, DEFAULT_CITY } from "../../../core/showtimes/public-listing.ts";
import { listCalendarShows, type CalendarShowsQuery } from "../../../core/showtimes/public-shows.ts";
import { publicPageContext, type PublicPageContext } from "../../lib/public-lookups.server.ts";
import { showEvent, showPagePath } from "./show-calendar.server.ts";

export const FEED_DAYS = 14;
export const FEED_MAX_EVENTS = 500;

type FeedServices = Parameters<typeof publicPageContext>[0] & Pick<AppServices, "db" | "config">;

export type FeedResult =
  { kind: "missing" } | { kind: "moved"; slug: string } | { kind: "feed"; body: string; filename: string };

async function feedOf(
  services: FeedServices,
  context: PublicPageContext,
  locale: Locale,
  query: CalendarShowsQuery,
  name: string,
): Promise<string> {
  const [shows, attributes] = await Promise.all([
    listCalendarShows(services, {
      ...query,
      locale,
      from: context.notBefore,
      to: new Date(context.now.getTime() + FEED_DAYS * 86_400_000),
      limit: FEED_MAX_EVENTS,
    }),
    context.lookups.attributes(),
  ]);
  const attributeName = attributeNames(attributes, locale);
  const baseUrl = services.config.baseUrl;
  const host = new URL(baseUrl).host;
  const events = shows
    // A show still running when the feed is read stays; one that has ended is gone.
    .filter((show) => show.endsAt > context.now)
    .map((show) =>
      showEvent(show, {
        format: context.format,
        attributeName,
        host,
        pageUrl: new URL(showPagePath(show.id), baseUrl).toString(),
      }),
    );
  return buildCalendar({ name, events });
}

export async function cinemaFeed(services: FeedServices, slug: string, locale: Locale): Promise<FeedResult> {
  const cinema = await findPublicCinema(services, slug);
  if (!cinema || !cinema.open) return { kind: "missing" };
  const context = publicPageContext(services, locale);
  const name = context.format("show.calendar.cinemaFeedName", { cinema: cinema.name });
  const body = await feedOf(services, context, locale, { kind: "cinema", cinemaId: cinema.id }, name);
  return { kind: "feed", body, filename: `${cinema.slug}.ics` };
}

/** A film's shows in a city (?city=, else the default city); an unknown city is "missing". */
export async function filmFeed(
  services: FeedServices,
  slug: string,
  cityText: string | null,
  locale: Locale,
): Promise<FeedResult> {
  const lookup = await findPublicMovie(services, slug, locale);
  if (lookup.kind !== "found") return lookup;
  const context = publicPageContext(services, locale);
  const typed = cityText?.trim().slice(0, 100) ?? "";
  const found = typed ? await context.lookups.findCity(typed) : { city: DEFAULT_CITY, corrected: false };
  // Only a city named exactly: a feed must not quietly follow another city than the one asked for.
  if (!found?.city || found.corrected) return { kind: "missing" };
  const { city, countryCode } = found.city;
  const movie = lookup.movie;
  const name = context.format("show.calendar.filmFeedName", { film: movie.title, city });
  const query = { kind: "film" as const, movieId: movie.id, city, countryCode };
  const body = await feedOf(services, context, locale, query, name);
  return {
    kind: "feed",
    body,
    filename: `${movie.slug}-${city.toLowerCase().replace(/[^a-z0-9]+/g, "-")}.ics`,
  };
}
