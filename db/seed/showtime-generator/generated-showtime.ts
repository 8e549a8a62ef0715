// What the showtime generator reads and what it returns.
import type { DemoAttribute, DemoCinema, DemoCountry, DemoMovie } from "../demo-data-types.ts";

export type GeneratorCinema = Pick<
  DemoCinema,
  "slug" | "name" | "chain" | "country" | "screens" | "seats" | "website" | "arthouse" | "itinerant"
> & {
  /** IANA zone; defaults to the country's */
  timeZone?: string;
};

export type GeneratorMovie = Pick<
  DemoMovie,
  | "slug"
  | "title"
  | "titleNl"
  | "year"
  | "releaseDate"
  | "runtime"
  | "genres"
  | "originalLanguage"
  | "popularity"
>;

export type ShowtimeGeneratorInput = {
  cinemas: GeneratorCinema[];
  movies: GeneratorMovie[];
  attributes: Pick<DemoAttribute, "code">[];
  countries: Pick<DemoCountry, "code" | "timeZone" | "currency">[];
  /** the moment the seed runs */
  now: Date;
  /** listing days per cinema, starting with today's listing day (default 14) */
  days?: number;
  /** per-country override of `days` (default { FR: 6 }) */
  daysByCountry?: Record<string, number>;
};

export type Availability = "available" | "few-left" | "sold-out";

export type GeneratedShowtime = {
  cinemaSlug: string;
  /** null for a sneak preview: the film is a secret, the feed row stays unlinked */
  movieSlug: string | null;
  countryCode: string;
  feedTitle: string;
  /** local listing day (YYYY-MM-DD); a show before 03:00 belongs to the previous day */
  listingDate: string;
  /** UTC ISO 8601 */
  startsAt: string;
  featureStartsAt: string;
  endsAt: string;
  auditorium: string;
  attributes: string[];
  audioLanguage: string | null;
  subtitleLanguages: string[];
  /** minor units */
  priceMin: number;
  priceMax: number;
  currency: string;
  seatsTotal: number;
  seatsAvailable: number;
  availability: Availability;
  status: "scheduled";
  /** demo:<cinema-slug>:<local ISO start>:<screen> */
  sourceRef: string;
};

/** Pre-show (ads and trailers) before the feature, in minutes. */
export const ADS_MINUTES = 15;
