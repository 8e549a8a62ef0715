// schema.org ScreeningEvent items for the showtimes "/" lists, as JSON-LD, so search engines can show
// them as events. Pure: the component renders the result in a <script type="application/ld+json">.

/** A page can list thousands of times; search engines need a sample, not a second copy of the page. */
export const MAX_SCREENING_EVENTS = 100;

export type ListedShowtime = {
  /** local date-time with the zone's offset */
  startsAtLocal: string;
  bookingUrl: string | null;
  availability: "available" | "few-left" | "sold-out" | "unknown";
  audioLanguage: string | null;
  subtitleLanguages: readonly string[];
  /** lowest price in currency units */
  priceFrom: number | null;
  currency: string | null;
};

export type ListedCinema = {
  /** the @id of a MovieTheater the page describes once (its events then name it instead of repeating it) */
  ref?: string;
  name: string;
  address: string | null;
  city: string;
  showtimes: readonly ListedShowtime[];
};

export type ListedMovie = {
  /** the @id of a Movie the page describes once (its events then name it instead of repeating it) */
  ref?: string;
  title: string;
  year: number | null;
  runtimeMinutes: number | null;
  genres: readonly string[];
  cinemas: readonly ListedCinema[];
};

export type JsonLd = { [key: string]: JsonLdValue | undefined };
export type JsonLdValue = string | number | JsonLd | readonly JsonLdValue[];

const AVAILABILITY: Record<ListedShowtime["availability"], string | undefined> = {
  available: "https://schema.org/InStock",
  "few-left": "https://schema.org/LimitedAvailability",
  "sold-out": "https://schema.org/SoldOut",
  unknown: undefined,
};

export function movieOf(movie: ListedMovie): JsonLd {
  return {
    "@type": "Movie",
    name: movie.title,
    dateCreated: movie.year === null ? undefined : String(movie.year),
    duration: movie.runtimeMinutes ? `PT${movie.runtimeMinutes}M` : undefined,
    genre: movie.genres.length ? movie.genres : undefined,
  };
}

export function theaterOf(cinema: ListedCinema, countryCode: string | undefined): JsonLd {
  return {
    "@type": "MovieTheater",
    name: cinema.name,
    address: {
      "@type": "PostalAddress",
      streetAddress: cinema.address ?? undefined,
      addressLocality: cinema.city,
      addressCountry: countryCode,
    },
  };
}

function offerOf(showtime: ListedShowtime): JsonLd | undefined {
  // As on the page: a sold-out show has no booking link (its chip is no link), only its price.
  const url = showtime.availability === "sold-out" ? null : showtime.bookingUrl;
  if (!url && showtime.priceFrom === null) return undefined;
  return {
    "@type": "Offer",
    url: url ?? undefined,
    price: showtime.priceFrom ?? undefined,
    priceCurrency: showtime.priceFrom !== null ? (showtime.currency ?? undefined) : undefined,
    availability: AVAILABILITY[showtime.availability],
  };
}

/**
 * One ScreeningEvent per listed time, in the page's order, at most MAX_SCREENING_EVENTS. The listing
 * shows scheduled times only (cancelled ones are left out), hence EventScheduled. A film or cinema the
 * page describes once (`ref`) is named by its @id in each event rather than repeated.
 */
export function screeningEvents(
  movies: readonly ListedMovie[],
  page: { url: string; countryCode?: string },
): JsonLd[] {
  const events: JsonLd[] = [];
  for (const movie of movies) {
    const workPresented = movie.ref ? { "@id": movie.ref } : movieOf(movie);
    for (const cinema of movie.cinemas) {
      const location = cinema.ref ? { "@id": cinema.ref } : theaterOf(cinema, page.countryCode);
      for (const showtime of cinema.showtimes) {
        if (events.length >= MAX_SCREENING_EVENTS) return events;
        events.push({
          "@type": "ScreeningEvent",
          name: movie.title,
          url: page.url,
          startDate: showtime.startsAtLocal,
          eventStatus: "https://schema.org/EventScheduled",
          eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
          location,
          workPresented,
          inLanguage: showtime.audioLanguage ?? undefined,
          subtitleLanguage: showtime.subtitleLanguages.length ? showtime.subtitleLanguages : undefined,
          offers: offerOf(showtime),
        });
      }
    }
  }
  return events;
}

const SCRIPT_ESCAPES: Record<string, string> = {
  "<": "\\u003c",
  ">": "\\u003e",
  "&": "\\u0026",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

/**
 * JSON for inside a <script> element: "<" and friends as \u escapes (still the same JSON), so no value
 * can close the element ("</script>") or open a comment.
 */
export function serializeJsonLd(events: readonly JsonLd[]): string {
  const document = { "@context": "https://schema.org", "@graph": events };
  return JSON.stringify(document).replace(/[<>&\u2028\u2029]/g, (c) => SCRIPT_ESCAPES[c] ?? c);
}
