// Shapes of the committed demo dataset in db/seed/data/*.json (built by scripts/build-demo-data.ts).

/** countries.json */
export type DemoCountry = {
  /** ISO 3166-1 alpha-2, upper case */
  code: string;
  name: string;
  /** BCP 47 language tag, e.g. "nl" */
  defaultLocale: string;
  /** IANA time zone, e.g. "Europe/Amsterdam" */
  timeZone: string;
  /** ISO 4217, e.g. "EUR" */
  currency: string;
};

/** chains.json */
export type DemoChain = {
  slug: string;
  name: string;
  website: string | null;
  /** Wikidata QID of the brand, e.g. "Q3060526" */
  wikidata: string | null;
  /** ISO 3166-1 alpha-2 codes (European countries only) */
  countries: string[];
};

/** cinemas.json */
export type DemoCinema = {
  slug: string;
  name: string;
  /** slug of a chain in chains.json */
  chain: string | null;
  address: string | null;
  postalCode: string | null;
  city: string;
  /** ISO 3166-1 alpha-2 */
  country: string;
  lat: number;
  lon: number;
  /** true when lat/lon is a city (or district) centre, not the building */
  approx: boolean;
  /** absolute https URL */
  website: string | null;
  phone: string | null;
  screens: number | null;
  seats: number | null;
  /** OpenStreetMap element, e.g. "node/25440190" (Denmark) */
  osm?: string;
  /** CNC establishment number ("N° auto") (France) */
  cnc?: string;
  /** art-house / repertory programming (CNC "Art et Essai" label, Dutch filmhuizen) */
  arthouse?: boolean;
  /** a travelling (itinerant) circuit rather than a fixed venue (CNC genre ITINERANT) */
  itinerant?: boolean;
};

/** movies.json */
export type DemoMovie = {
  slug: string;
  title: string;
  originalTitle: string | null;
  /** Dutch release title where it differs from `title` */
  titleNl: string | null;
  year: number;
  /** first release date in Wikidata, YYYY-MM-DD (null when only the year is known or for re-releases) */
  releaseDate: string | null;
  runtime: number | null;
  /** lower-case genre codes, e.g. ["drama", "science-fiction"] */
  genres: string[];
  /** ISO 639-1 */
  originalLanguage: string | null;
  imdb: string | null;
  tmdb: number | null;
  wikidata: string | null;
  directors: string[];
  /** production countries (ISO 3166-1 alpha-2); empty when the source has none */
  countries: string[];
  /** Wikidata sitelink count: a rough popularity signal used by the showtime generator */
  popularity: number;
};

export type AttributeCategory = "format" | "audio" | "language" | "subtitles" | "accessibility" | "event";

/** attributes.json */
export type DemoAttribute = {
  code: string;
  category: AttributeCategory;
  names: { en: string; nl: string };
  /** lower-cased strings feeds use for this attribute */
  synonyms: string[];
};

export type DemoData = {
  countries: DemoCountry[];
  chains: DemoChain[];
  cinemas: DemoCinema[];
  movies: DemoMovie[];
  attributes: DemoAttribute[];
};
