// Synthetic, deterministic showtimes for the demo dataset. Pure: no I/O, no clock, no Math.random.
//
// Given the cinemas, movies, attributes and the moment the seed runs, returns the showtimes of
// the coming listing days in each cinema's own time zone. The same input always gives the same
// output (seeded PRNG keyed by cinema, screen and programme week).
//
// Rules worth knowing:
// - A listing day runs from 03:00 to 03:00 local time: a show at 00:30 on Saturday night
//   belongs to Friday's listing (see `listingDateOf`).
// - The programme (which films, on which screen, at which times) is fixed per programme week
//   (Wednesday in France, Thursday elsewhere), like real cinemas; weekends open earlier and
//   run later than weekdays.
// - Volume is kept to roughly 100–200k rows for the full demo dataset: French venues get
//   `DEFAULT_DAYS_BY_COUNTRY.FR` days and slightly fewer shows per screen, multiplexes
//   schedule at most `MAX_SCREENS` screens.
//
// The parts live in showtime-generator/: seeded randomness, listing days and time zones, the "now
// playing" films, the cinemas (venues), weekly programmes, a day's shows (day-slots.ts), language
// versions, prices and seats. This file turns a day's shows into showtime rows.
import { daySlots, type Slot } from "./showtime-generator/day-slots.ts";
import { auditoriumWord, buildVenue, type Venue } from "./showtime-generator/demo-venues.ts";
import {
  ADS_MINUTES,
  type GeneratedShowtime,
  type ShowtimeGeneratorInput,
} from "./showtime-generator/generated-showtime.ts";
import { feedTitleFor } from "./showtime-generator/language-versions.ts";
import {
  DAY_MS,
  formatLocalIso,
  isoDate,
  listingDateOf,
  timeZoneOffsetMinutes,
} from "./showtime-generator/listing-time.ts";
import { buildFilms, buildPools, type Pools } from "./showtime-generator/now-playing.ts";
import {
  availabilityOf,
  basePrice,
  occupancy,
  premiumSurcharge,
} from "./showtime-generator/prices-and-seats.ts";
import { rngFor } from "./showtime-generator/seeded-random.ts";

export function generateShowtimes(input: ShowtimeGeneratorInput): GeneratedShowtime[] {
  const known = new Set(input.attributes.map((a) => a.code));
  const countries = new Map(input.countries.map((c) => [c.code, c]));
  const films = buildFilms(input.movies);
  if (films.length === 0) return [];
  const pools = buildPools(films, isoDate(input.now.getTime()));
  const out: GeneratedShowtime[] = [];

  const cinemas = [...input.cinemas].sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
  for (const c of cinemas) {
    const venue = buildVenue(c, input, countries);
    const firstListing = Date.parse(`${listingDateOf(input.now, venue.timeZone)}T00:00:00Z`);
    const listing: VenueListing = {
      v: venue,
      pools,
      known,
      base: basePrice(venue),
      word: auditoriumWord[c.country] ?? "Screen",
    };
    for (let day = 0; day < venue.days; day++)
      out.push(...listingDayShowtimes(listing, firstListing + day * DAY_MS, day));
  }
  return out;
}

/** What every listing day of one cinema shares. */
type VenueListing = {
  v: Venue;
  pools: Pools;
  /** attribute codes the dataset has: others are dropped */
  known: Set<string>;
  /** the cinema's base ticket price (minor units) */
  base: number;
  /** "Zaal", "Salle"…: the auditorium's name before its number */
  word: string;
};

/** One cinema's showtimes on one listing day; `dateMs` is the listing date at 00:00 UTC. */
function listingDayShowtimes(listing: VenueListing, dateMs: number, day: number): GeneratedShowtime[] {
  const { v } = listing;
  const c = v.c;
  const date = isoDate(dateMs);
  // one offset per listing day: shows run 03:00–02:00 local, DST switches happen at 02:00/03:00
  const offset = timeZoneOffsetMinutes(v.timeZone, new Date(dateMs + 12 * 3600000));
  const weekday = new Date(dateMs).getUTCDay();
  const rng = rngFor(`seats:${c.slug}:${date}`);
  const slots = daySlots(v, listing.pools, dateMs, day).sort(
    (a, b) => a.minute - b.minute || a.screen - b.screen,
  );
  const seen = new Set<string>();
  const listed = new Set<string>();
  const out: GeneratedShowtime[] = [];
  for (const s of slots) {
    const startMs = dateMs + s.minute * 60000 - offset * 60000;
    const localIso = formatLocalIso(startMs, offset);
    const ref = `demo:${c.slug}:${localIso}:${s.screen}`;
    if (seen.has(ref)) continue;
    seen.add(ref);
    const { attributes, subs } = showAttributes(listing, s, rng);
    // Two screens starting the same film at the same minute with the same attributes read as one
    // showtime listed twice: the later screen's is dropped.
    const key = `${s.event === "sneak" ? "sneak" : s.film.slug}|${startMs}|${[...attributes].sort().join(",")}`;
    if (listed.has(key)) continue;
    listed.add(key);
    const total = v.screenSeats[s.screen - 1] ?? v.screenSeats[0]!;
    let occ = occupancy(s.minute, weekday, day, s.event === "sneak" ? null : s.film, rng());
    if (s.event) occ = Math.max(occ, 0.8 + rng() * 0.2);
    const available = Math.max(0, total - Math.round(total * occ));
    const runtime = s.event === "sneak" ? 120 : s.film.runtimeMinutes;
    out.push({
      cinemaSlug: c.slug,
      movieSlug: s.event === "sneak" ? null : s.film.slug,
      countryCode: c.country,
      feedTitle: feedTitleOf(v, s),
      listingDate: date,
      startsAt: new Date(startMs).toISOString(),
      featureStartsAt: new Date(startMs + ADS_MINUTES * 60000).toISOString(),
      endsAt: new Date(startMs + (ADS_MINUTES + runtime) * 60000).toISOString(),
      auditorium: auditoriumOf(listing.word, s),
      attributes,
      audioLanguage: s.version.audio,
      subtitleLanguages: subs,
      ...ticketPrices(listing.base, attributes, s),
      currency: v.currency,
      seatsTotal: total,
      seatsAvailable: available,
      availability: availabilityOf(available, total),
      status: "scheduled",
      sourceRef: ref,
    });
  }
  return out;
}

/**
 * The show's attributes (the dataset's only) and subtitle languages: its own, plus now and then audio
 * description or open captions at regular cinemas (draws from the day's `rng`).
 */
function showAttributes(
  { v, known }: VenueListing,
  s: Slot,
  rng: () => number,
): { attributes: string[]; subs: string[] } {
  const extra = [...s.extra];
  let subs = s.version.subs;
  if (!s.event && v.kind !== "village" && v.kind !== "itinerant") {
    if (rng() < 0.03) extra.push("audio-description");
    // open captions for the deaf and hard of hearing, on local-language films
    if (s.film.originalLanguage === v.language && s.version.subs.length === 0 && rng() < 0.06) {
      extra.push("subtitled-for-deaf");
      subs = [v.language];
    }
  }
  const attributes = [...new Set([...extra, ...s.version.attributes])].filter((a) => known.has(a));
  return { attributes, subs };
}

/** Prices in minor units: premium formats cost more, ladies night has one price, kids pay less. */
function ticketPrices(base: number, attributes: string[], s: Slot): { priceMin: number; priceMax: number } {
  const surcharge = attributes.reduce((acc, a) => acc + (premiumSurcharge[a] ?? 0), 0);
  let priceMax = Math.round((base * (1 + surcharge)) / 10) * 10;
  let priceMin = Math.round((base * 0.75) / 10) * 10;
  if (s.event === "ladies") priceMin = priceMax = Math.round((base * 1.5) / 50) * 50;
  if (attributes.includes("kids")) priceMin = Math.round((base * 0.6) / 10) * 10;
  priceMax = Math.max(priceMax, priceMin);
  return { priceMin, priceMax };
}

function auditoriumOf(word: string, s: Slot): string {
  return s.extra.includes("imax")
    ? `${word} ${s.screen} (IMAX)`
    : s.extra.includes("4dx")
      ? `${word} ${s.screen} (4DX)`
      : `${word} ${s.screen}`;
}

function feedTitleOf(v: Venue, s: Slot): string {
  return s.event === "sneak"
    ? "Sneak Preview"
    : s.event === "ladies"
      ? `Ladies Night: ${feedTitleFor(v, s.film, s.version, false)}`
      : feedTitleFor(v, s.film, s.version, s.threeD);
}
