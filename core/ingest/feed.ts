// What every feed adapter produces (ARCHITECTURE §3, core/ingest/adapters/): the feed read into plain
// showtimes, before the run settles the cinema, the movie, the time zone and the attribute codes.
// Adapters are pure: text in, ParsedFeed out, no database, no clock, no network.
import type { ImportProblem, MatchHints } from "../../db/schema/ingest.ts";

export type { ImportProblem, MatchHints };

/** The formats, as the `feed_format` enum stores them. */
export const FEED_FORMATS = [
  "reeltime-json",
  "reeltime-csv",
  "schema-org",
  "veezi-json",
  "veezi-xml",
  "vista-ocapi",
] as const;
export type FeedFormat = (typeof FEED_FORMATS)[number];

export type FeedAvailability = "available" | "few-left" | "sold-out" | "unknown";

/** One showtime as the feed gives it. */
export type FeedShowtime = {
  /** the feed's own id for the showtime, stable across runs: with the source, the upsert key */
  ref: string;
  /** where it sits in the input, for problems: "sessions[3]", "line 12", "$.showtimes.ST123" */
  where: string;
  /**
   * The feed's id for the cinema (a Vista site id, a Veezi site token…) when one feed covers several
   * cinemas; the run maps it to `cinemas.pos_site_id`. Undefined for a single-cinema feed.
   */
  cinemaRef?: string;
  /** the cinema's name as the feed spells it (a fallback for mapping, and for problems) */
  cinemaName?: string;
  /** the title exactly as the feed gives it, decorations and all ("Dune: Part Two (OV) 3D") */
  title: string;
  /**
   * Start: either a local wall-clock time "YYYY-MM-DDTHH:mm[:ss]" with no offset (read later in the
   * cinema's time zone) or an ISO instant with "Z" or an offset. Adapters never guess a zone.
   */
  startsAt: string;
  /** the feature itself, after ads and trailers; same forms as startsAt */
  featureStartsAt?: string;
  endsAt?: string;
  auditorium?: string;
  /** the feed's own attribute strings ("3D", "OV", "Dolby Atmos"): codes come from attribute synonyms */
  attributes: string[];
  /** spoken language as the feed gives it (a code or a name) */
  audioLanguage?: string;
  subtitleLanguages: string[];
  bookingUrl?: string;
  /** minor units (cents) */
  priceMin?: number;
  priceMax?: number;
  /** ISO 4217 */
  currency?: string;
  seatsAvailable?: number;
  seatsTotal?: number;
  availability?: FeedAvailability;
  /** a feed may list a cancelled show (schema.org EventCancelled, Veezi "Closed"): the run cancels it */
  cancelled?: boolean;
  /** what the feed says about the film, for matching: year, runtime, language, external ids */
  hints: MatchHints;
};

/** A cinema a chain-wide feed describes (Vista sites): for problems and for mapping by name. */
export type FeedCinema = {
  ref: string;
  name: string;
  latitude?: number;
  longitude?: number;
  timeZone?: string;
};

export type ParsedFeed = {
  showtimes: FeedShowtime[];
  /** rows that were skipped, each with where, field and a message; the rest import */
  problems: ImportProblem[];
  cinemas: FeedCinema[];
};

/**
 * The whole input is unreadable (truncated JSON, not XML, an entity bomb): the run changes nothing.
 * `reason` is a message key under `ingest.problem.*`; the English text is for logs only.
 */
export class FeedParseError extends Error {
  readonly reason: string;
  readonly values: Record<string, string | number>;
  readonly where: string;
  constructor(reason: string, values: Record<string, string | number> = {}, where = "") {
    super(`${reason}${where ? ` at ${where}` : ""}: ${JSON.stringify(values)}`);
    this.name = "FeedParseError";
    this.reason = reason;
    this.values = values;
    this.where = where;
  }
}

export type FeedAdapter = {
  format: FeedFormat;
  /** throws FeedParseError when nothing can be read; bad rows become problems instead */
  parse(input: string): ParsedFeed;
  /**
   * The same reading in parts of about `size` showtimes, for a run that writes one part while it reads
   * the next (large native feeds). Together the parts are exactly what parse() returns; a FeedParseError
   * may come after some parts. Formats whose feeds are small do not need it.
   */
  parts?(input: string, size: number): AsyncIterable<ParsedFeed>;
};

/** The adapter's parts, or its whole reading as one part. */
export async function* feedParts(
  adapter: FeedAdapter,
  input: string,
  size: number,
): AsyncIterable<ParsedFeed> {
  if (adapter.parts) yield* adapter.parts(input, size);
  else yield adapter.parse(input);
}
