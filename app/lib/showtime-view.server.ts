// A showtime as the public pages show it (the time chips of "/", /films/{slug} and /cinemas/{slug}):
// local times, the end time, "+1" after midnight, price, seats, attribute names in the page's language.
import { mediaUrl } from "../../core/assets/media-url.ts";
import type { ListingCinema, ListingMovie, ListingShowtime } from "../../core/showtimes/find-listing.ts";
import { dateTimeFormat, isoWithOffset, numberFormat } from "./formatters.server.ts";

/** Cinemas see which bookings came from our site (as the widget's links tell them which came from a client's). */
export function withSiteUtm(bookingUrl: string): string {
  try {
    const url = new URL(bookingUrl);
    if (!url.searchParams.has("utm_source")) url.searchParams.set("utm_source", "reeltime");
    if (!url.searchParams.has("utm_medium")) url.searchParams.set("utm_medium", "website");
    return url.toString();
  } catch {
    return bookingUrl;
  }
}

export type ShowtimeViewContext = {
  /** BCP 47 language of the page */
  lang: string;
  /** the listing date shown, YYYY-MM-DD */
  date: string;
  now: Date;
  /** attribute code → name in the page's language */
  attributeName: ReadonlyMap<string, string>;
  /** the page shows several listing days (a weekend): each time says its day */
  spansDays?: boolean;
};

export function showtimeView(
  s: ListingShowtime,
  where: { timeZone: string; runtimeMinutes: number | null },
  context: ShowtimeViewContext,
) {
  const { lang } = context;
  const formatTime = (instant: Date) =>
    dateTimeFormat(lang, {
      hour: "2-digit",
      minute: "2-digit",
      timeZone: where.timeZone,
      hourCycle: "h23",
    }).format(instant);
  const priceFormat = (amount: number, currency: string) =>
    numberFormat(lang, { style: "currency", currency }).format(amount / 100);
  return {
    id: s.id,
    time: formatTime(s.startsAt),
    endTime:
      where.runtimeMinutes === null
        ? null
        : formatTime(new Date(s.startsAt.getTime() + where.runtimeMinutes * 60_000)),
    // A show after midnight belongs to the evening before (the listing day runs until 03:00).
    afterMidnight: isoWithOffset(s.startsAt, where.timeZone).slice(0, 10) !== s.listingDate,
    // Its listing day when the page spans several (a weekend): left out otherwise (page weight).
    ...(context.spansDays ? { day: s.listingDate } : {}),
    started: s.startsAt.getTime() <= context.now.getTime(),
    startsAt: s.startsAt.toISOString(),
    startsAtLocal: isoWithOffset(s.startsAt, where.timeZone),
    badges: s.attributes.map((code) => ({ code, name: context.attributeName.get(code) ?? code })),
    availability: s.availability,
    bookingUrl: s.bookingUrl ? withSiteUtm(s.bookingUrl) : null,
    /** the link is only the cinema's site (no deep link to the show): the chip says so */
    atSite: s.bookingKind === "cinema",
    auditorium: s.auditorium,
    seatsAvailable: s.seatsAvailable,
    seatsTotal: s.seatsTotal,
    audioLanguage: s.audioLanguage,
    subtitleLanguages: s.subtitleLanguages,
    priceFrom: s.priceMin === null ? null : s.priceMin / 100,
    currency: s.currency,
    price:
      s.priceMin !== null && s.currency
        ? s.priceMax !== null && s.priceMax !== s.priceMin
          ? `${priceFormat(s.priceMin, s.currency)}–${priceFormat(s.priceMax, s.currency)}`
          : priceFormat(s.priceMin, s.currency)
        : null,
  };
}

export type ShowtimeView = ReturnType<typeof showtimeView>;

/** A cinema and its times for one film (the film cards of "/", the cinemas of a film's page). */
export function cinemaTimesView(
  cinema: ListingCinema,
  film: { runtimeMinutes: number | null; nearMe: boolean },
  context: ShowtimeViewContext,
) {
  return {
    id: cinema.id,
    slug: cinema.slug,
    name: cinema.name,
    address: cinema.address,
    city: cinema.city,
    distanceKm: cinema.distanceKm === null ? null : Math.round(cinema.distanceKm * 10) / 10,
    // Near me: a cinema placed only at its city's centre says "in {city}", not a made-up distance.
    placedInCity: film.nearMe && cinema.approximateLocation,
    showtimes: cinema.showtimes.map((s) =>
      showtimeView(s, { timeZone: cinema.timeZone, runtimeMinutes: film.runtimeMinutes }, context),
    ),
  };
}

/**
 * Genre codes (movie-forms.ts MOVIE_GENRES) in the page's language. The studio's genre names are the
 * catalogue's one list of them; they are formatted here, on the server, so public pages do not carry
 * the names as messages.
 */
export function genreNames(codes: readonly string[], messages: Readonly<Record<string, string>>): string[] {
  return codes.map((code) => messages[`studio.dataMovies.genre.${code}`] ?? code);
}

/** A stable hue per film for the poster's stand-in, on the listings and the film page alike. */
export function posterHue(key: string): number {
  let hash = 0;
  for (const character of key) hash = (hash * 31 + (character.codePointAt(0) ?? 0)) % 360;
  return hash;
}

/** A film card's share of times: at most this many cinemas, and this many times between them. */
export const CARD_CINEMAS = 2;
export const CARD_SHOWTIMES = 2;

/**
 * How many of each cinema's times a card shows: in order, as many as the budget allows while leaving one
 * for each cinema after it (budget 2: one cinema with 5 times shows 2; two cinemas show one each).
 */
export function cardTimes(counts: readonly number[], budget = CARD_SHOWTIMES): number[] {
  let left = budget;
  return counts.map((count, i) => {
    const take = Math.max(0, Math.min(count, left - (counts.length - i - 1)));
    left -= take;
    return take;
  });
}

/**
 * A film at a glance (the cards of "/" and of a cinema's page): poster, runtime, the place's age rating,
 * its formats (IMAX, 3D…) and its next few times at the first cinemas (nearest first when near the
 * visitor, else the soonest), with how many times and cinemas there are in all.
 */
export function filmGlanceView(
  movie: ListingMovie,
  film: {
    nearMe: boolean;
    countryCode: string;
    formatCodes: ReadonlySet<string>;
    messages: Readonly<Record<string, string>>;
  },
  context: ShowtimeViewContext,
) {
  const cinemas = film.nearMe
    ? movie.cinemas
    : [...movie.cinemas].sort(
        (a, b) => (a.showtimes[0]?.startsAt.getTime() ?? 0) - (b.showtimes[0]?.startsAt.getTime() ?? 0),
      );
  // A film without a page of its own (a feed's sneak preview) has no "all times" link: all on the card.
  const trim = movie.slug !== null;
  const shown = trim ? cinemas.slice(0, CARD_CINEMAS) : cinemas;
  const takes = trim ? cardTimes(shown.map((c) => c.showtimes.length)) : shown.map((c) => c.showtimes.length);
  const formats = new Set<string>();
  for (const cinema of movie.cinemas)
    for (const s of cinema.showtimes)
      for (const code of s.attributes) if (film.formatCodes.has(code)) formats.add(code);
  // Without the showtimes' ids: a card keys its chips by their start (ids are page weight, used by nothing).
  const views = shown.map((cinema, i) => {
    const view = cinemaTimesView(
      { ...cinema, showtimes: cinema.showtimes.slice(0, takes[i]) },
      { runtimeMinutes: movie.runtimeMinutes, nearMe: film.nearMe },
      context,
    );
    return { ...view, showtimes: view.showtimes.map(({ id: _id, ...showtime }) => showtime) };
  });
  const shownTimes = views.reduce((sum, c) => sum + c.showtimes.length, 0);
  return {
    id: movie.id,
    title: movie.title,
    slug: movie.slug,
    year: movie.year,
    runtimeMinutes: movie.runtimeMinutes,
    genres: genreNames(movie.genres.slice(0, 3), film.messages),
    /** the first genre's code: the poster stand-in's colour */
    genre: movie.genres[0] ?? null,
    rating: movie.certification[film.countryCode]?.trim() || null,
    formats: [...formats].map((code) => ({ code, name: context.attributeName.get(code) ?? code })),
    poster: movie.poster
      ? {
          url: mediaUrl(movie.poster.contentHash, movie.poster.mimeType),
          width: movie.poster.width,
          height: movie.poster.height,
        }
      : null,
    posterHue: posterHue(movie.slug ?? movie.title),
    showtimeCount: movie.showtimeCount,
    cinemaCount: movie.cinemas.length,
    /** times not on the card: the card links to all of them */
    moreShowtimes: movie.showtimeCount - shownTimes,
    cinemas: views,
  };
}

export type FilmGlance = ReturnType<typeof filmGlanceView>;
