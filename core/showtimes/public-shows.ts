// One show as its public page and calendar files give it (/shows/{id}, the .ics downloads and feeds):
// the film, the cinema with its time zone, the times, attributes, price, seats and where it books.
// Only scheduled shows of open cinemas whose film is not hidden; a show that has ended is gone.
import { and, asc, eq, gte, lt, ne, or, isNull, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import type { AppServices } from "../services.ts";
import { cinemas, movies, movieTitles } from "../../db/schema/catalog.ts";
import { showtimes } from "../../db/schema/showtimes.ts";
import { bookingLink, type BookingLink } from "./booking-link.ts";

/** Trailers and advertising before the film, when the feed gives no end and no feature start. */
export const PRE_SHOW_MINUTES = 20;
/** The film's length assumed when the catalogue has no runtime. */
export const UNKNOWN_RUNTIME_MINUTES = 120;
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type PublicShow = {
  id: string;
  startsAt: Date;
  /** the real end from the feed, else the estimate (see endBasis) */
  endsAt: Date;
  /** "feed": the feed's end; "feature": feature start + runtime; "estimate": start + PRE_SHOW_MINUTES + runtime */
  endBasis: "feed" | "feature" | "estimate";
  runtimeMinutes: number | null;
  updatedAt: Date;
  attributes: string[];
  audioLanguage: string | null;
  subtitleLanguages: string[];
  auditorium: string | null;
  availability: "available" | "few-left" | "sold-out" | "unknown";
  seatsAvailable: number | null;
  priceMin: number | null;
  priceMax: number | null;
  currency: string | null;
  booking: BookingLink | null;
  movie: { id: string | null; slug: string | null; title: string; year: number | null };
  cinema: {
    id: string;
    slug: string;
    name: string;
    address: string | null;
    postalCode: string | null;
    city: string;
    countryCode: string;
    timeZone: string;
    phone: string | null;
    website: string | null;
  };
};

function selection() {
  return {
    id: showtimes.id,
    startsAt: showtimes.startsAt,
    featureStartsAt: showtimes.featureStartsAt,
    feedEndsAt: showtimes.endsAt,
    updatedAt: showtimes.updatedAt,
    attributes: showtimes.attributes,
    audioLanguage: showtimes.audioLanguage,
    subtitleLanguages: showtimes.subtitleLanguages,
    auditorium: showtimes.auditorium,
    availability: showtimes.availability,
    seatsAvailable: showtimes.seatsAvailable,
    priceMin: showtimes.priceMin,
    priceMax: showtimes.priceMax,
    currency: showtimes.currency,
    bookingUrl: showtimes.bookingUrl,
    sourceRef: showtimes.sourceRef,
    feedTitle: showtimes.feedTitle,
    movieId: movies.id,
    movieSlug: movies.slug,
    movieTitle: movies.title,
    localTitle: movieTitles.title,
    year: movies.year,
    runtimeMinutes: movies.runtimeMinutes,
    cinemaId: cinemas.id,
    cinemaSlug: cinemas.slug,
    cinemaName: cinemas.name,
    address: cinemas.address,
    postalCode: cinemas.postalCode,
    city: cinemas.city,
    countryCode: cinemas.countryCode,
    timeZone: cinemas.timeZone,
    phone: cinemas.phone,
    website: cinemas.website,
    template: cinemas.bookingUrlTemplate,
    posSiteId: cinemas.posSiteId,
  };
}

type Row = Awaited<ReturnType<typeof selectShows>>[number];

function selectShows(db: Database, locale: string, where: SQL | undefined, limit: number) {
  return db
    .select(selection())
    .from(showtimes)
    .innerJoin(cinemas, eq(cinemas.id, showtimes.cinemaId))
    .leftJoin(movies, eq(movies.id, showtimes.movieId))
    .leftJoin(movieTitles, and(eq(movieTitles.movieId, movies.id), eq(movieTitles.locale, locale)))
    .where(
      and(
        eq(showtimes.status, "scheduled"),
        eq(cinemas.status, "open"),
        or(isNull(movies.id), ne(movies.status, "hidden")),
        where,
      ),
    )
    .orderBy(asc(showtimes.startsAt), asc(showtimes.id))
    .limit(limit);
}

function endOf(row: Row): Pick<PublicShow, "endsAt" | "endBasis"> {
  if (row.feedEndsAt && row.feedEndsAt > row.startsAt) return { endsAt: row.feedEndsAt, endBasis: "feed" };
  const runtime = (row.runtimeMinutes ?? UNKNOWN_RUNTIME_MINUTES) * 60_000;
  if (row.featureStartsAt && row.featureStartsAt >= row.startsAt)
    return { endsAt: new Date(row.featureStartsAt.getTime() + runtime), endBasis: "feature" };
  return {
    endsAt: new Date(row.startsAt.getTime() + PRE_SHOW_MINUTES * 60_000 + runtime),
    endBasis: "estimate",
  };
}

function toPublicShow(row: Row): PublicShow {
  return {
    id: row.id,
    startsAt: row.startsAt,
    ...endOf(row),
    runtimeMinutes: row.runtimeMinutes,
    updatedAt: row.updatedAt,
    attributes: row.attributes,
    audioLanguage: row.audioLanguage,
    subtitleLanguages: row.subtitleLanguages,
    auditorium: row.auditorium,
    availability: row.availability,
    seatsAvailable: row.seatsAvailable,
    priceMin: row.priceMin,
    priceMax: row.priceMax,
    currency: row.currency,
    booking: bookingLink({
      showtimeUrl: row.bookingUrl,
      template: row.template,
      sourceRef: row.sourceRef,
      cinemaRef: row.posSiteId,
      startsAt: row.startsAt,
      timeZone: row.timeZone,
      website: row.website,
    }),
    movie: {
      id: row.movieId,
      slug: row.movieSlug,
      title: row.localTitle ?? row.movieTitle ?? row.feedTitle,
      year: row.year,
    },
    cinema: {
      id: row.cinemaId,
      slug: row.cinemaSlug,
      name: row.cinemaName,
      address: row.address,
      postalCode: row.postalCode,
      city: row.city,
      countryCode: row.countryCode,
      timeZone: row.timeZone,
      phone: row.phone,
      website: row.website,
    },
  };
}

/** The show with this id, or null when it is unknown, not public or has ended by `now`. */
export async function findPublicShow(
  { db }: Pick<AppServices, "db">,
  input: { id: string; locale: string; now: Date },
): Promise<PublicShow | null> {
  if (!UUID_PATTERN.test(input.id)) return null;
  const [row] = await selectShows(db, input.locale, eq(showtimes.id, input.id.toLowerCase()), 1);
  const show = row ? toPublicShow(row) : null;
  return show && show.endsAt > input.now ? show : null;
}

export type CalendarShowsQuery =
  { kind: "cinema"; cinemaId: string } | { kind: "film"; movieId: string; city: string; countryCode: string };

/** Shows starting in [from, to) of one cinema, or of one film in one city, at most `limit`. */
export async function listCalendarShows(
  { db }: Pick<AppServices, "db">,
  query: CalendarShowsQuery & { locale: string; from: Date; to: Date; limit: number },
): Promise<PublicShow[]> {
  const where =
    query.kind === "cinema"
      ? eq(showtimes.cinemaId, query.cinemaId)
      : and(
          eq(showtimes.movieId, query.movieId),
          eq(cinemas.countryCode, query.countryCode),
          eq(cinemas.city, query.city),
        );
  const rows = await selectShows(
    db,
    query.locale,
    and(where, gte(showtimes.startsAt, query.from), lt(showtimes.startsAt, query.to)),
    query.limit,
  );
  return rows.map(toPublicShow);
}
