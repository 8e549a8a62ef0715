// Seeds the demo dataset (countries, chains, cinemas, movies + titles, attributes) and a fortnight
// of synthetic showtimes, in one transaction. Same SQL on PGlite and PostgreSQL 15+.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { attributes, cinemaChains, cinemas, countries, movies, movieTitles } from "../schema/catalog.ts";
import { demoBookingTemplate, demoPosSiteIds, demoShowIds } from "./booking-templates.ts";
import type { DemoData } from "./demo-data-types.ts";
import { generateShowtimes } from "./generate-showtimes.ts";
import { loadDemoData } from "./load-demo-data.ts";
import type { GeneratedShowtime } from "./showtime-generator/generated-showtime.ts";

export type SeedDemoOptions = {
  /** the moment the seed runs: showtimes start at this day's listing in each cinema's time zone */
  now?: Date;
  /** defaults to the committed dataset in db/seed/data */
  data?: DemoData;
  /** listing days of showtimes (default 14; France gets 7, see generate-showtimes.ts) */
  days?: number;
  daysByCountry?: Record<string, number>;
};

export type SeedDemoSummary = {
  countries: number;
  chains: number;
  cinemas: number;
  movies: number;
  movieTitles: number;
  attributes: number;
  showtimes: number;
  milliseconds: number;
};

/** Rows per INSERT for the catalogue tables (Drizzle, typed). */
const CATALOG_BATCH = 500;
/** Rows per INSERT … SELECT FROM json_populate_recordset for showtimes (one JSON parameter each). */
const SHOWTIME_BATCH = 5000;

/** The release date in the dataset is the first one anywhere; "WW" = worldwide. */
export const WORLDWIDE_RELEASE_KEY = "WW";

function chunks<T>(rows: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** True when the catalogue has never been seeded (no countries and no cinemas). */
export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const [c] = await db.select({ code: countries.code }).from(countries).limit(1);
  if (c) return false;
  const [cinema] = await db.select({ id: cinemas.id }).from(cinemas).limit(1);
  return !cinema;
}

/** Inserts the demo dataset and its generated showtimes, in one transaction. */
export async function seedDemoData(db: Database, options: SeedDemoOptions = {}): Promise<SeedDemoSummary> {
  const started = performance.now();
  const now = options.now ?? new Date();
  const data = options.data ?? (await loadDemoData());
  const ids = demoIds(data);
  const showtimes = demoShowtimes(data, now, options);

  let titleCount = 0;
  await db.transaction(async (tx) => {
    await insertCountries(tx, data);
    await insertChains(tx, data, ids);
    await insertCinemas(tx, data, ids);
    await insertMovies(tx, data, ids);
    titleCount = await insertMovieTitles(tx, data, ids);
    await insertAttributes(tx, data);
    await insertShowtimes(tx, showtimes, data, ids, now);
  });

  return {
    countries: data.countries.length,
    chains: data.chains.length,
    cinemas: data.cinemas.length,
    movies: data.movies.length,
    movieTitles: titleCount,
    attributes: data.attributes.length,
    showtimes: showtimes.length,
    milliseconds: Math.round(performance.now() - started),
  };
}

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** New ids for the rows other rows point to, by slug. */
type DemoIds = { chains: Map<string, string>; cinemas: Map<string, string>; movies: Map<string, string> };

function demoIds(data: DemoData): DemoIds {
  return {
    chains: new Map(data.chains.map((c) => [c.slug, randomUUID()])),
    cinemas: new Map(data.cinemas.map((c) => [c.slug, randomUUID()])),
    movies: new Map(data.movies.map((m) => [m.slug, randomUUID()])),
  };
}

function demoShowtimes(data: DemoData, now: Date, options: SeedDemoOptions): GeneratedShowtime[] {
  const countryByCode = new Map(data.countries.map((c) => [c.code, c]));
  return generateShowtimes({
    cinemas: data.cinemas.map((c) => ({ ...c, timeZone: countryByCode.get(c.country)?.timeZone })),
    movies: data.movies,
    attributes: data.attributes,
    countries: data.countries,
    now,
    days: options.days,
    daysByCountry: options.daysByCountry,
  });
}

/** A country is enabled when the dataset has cinemas there. */
async function insertCountries(tx: Transaction, data: DemoData): Promise<void> {
  const withCinemas = new Set(data.cinemas.map((c) => c.country));
  await tx.insert(countries).values(
    data.countries.map((c) => ({
      code: c.code,
      name: c.name,
      enabled: withCinemas.has(c.code),
      defaultLocale: c.defaultLocale,
      timeZone: c.timeZone,
      currency: c.currency,
    })),
  );
}

async function insertChains(tx: Transaction, data: DemoData, ids: DemoIds): Promise<void> {
  await tx.insert(cinemaChains).values(
    data.chains.map((c) => ({
      id: ids.chains.get(c.slug)!,
      name: c.name,
      slug: c.slug,
      website: c.website,
      wikidataId: c.wikidata,
      countries: c.countries,
    })),
  );
}

async function insertCinemas(tx: Transaction, data: DemoData, ids: DemoIds): Promise<void> {
  const countryByCode = new Map(data.countries.map((c) => [c.code, c]));
  const posSiteIds = demoPosSiteIds(data.cinemas);
  for (const batch of chunks(data.cinemas, CATALOG_BATCH)) {
    await tx.insert(cinemas).values(
      batch.map((c) => {
        const country = countryByCode.get(c.country);
        if (!country) throw new Error(`demo cinema ${c.slug}: unknown country ${c.country}`);
        if (c.chain && !ids.chains.has(c.chain))
          throw new Error(`demo cinema ${c.slug}: unknown chain ${c.chain}`);
        return {
          id: ids.cinemas.get(c.slug)!,
          name: c.name,
          slug: c.slug,
          chainId: c.chain ? ids.chains.get(c.chain)! : null,
          address: c.address,
          postalCode: c.postalCode,
          city: c.city,
          countryCode: c.country,
          latitude: c.lat,
          longitude: c.lon,
          coordinatesApproximate: c.approx,
          timeZone: country.timeZone,
          website: c.website,
          // Shows link to their booking through the chain's template where we know one (deep links),
          // else to the cinema's site: the demo's feed rows carry no links of their own.
          bookingUrlTemplate: demoBookingTemplate(c),
          posSiteId: posSiteIds.get(c.slug) ?? null,
          phone: c.phone,
          screens: c.screens,
          seats: c.seats,
          osmId: c.osm ?? null,
          nationalId: c.cnc ?? null,
        };
      }),
    );
  }
}

async function insertMovies(tx: Transaction, data: DemoData, ids: DemoIds): Promise<void> {
  for (const batch of chunks(data.movies, CATALOG_BATCH)) {
    await tx.insert(movies).values(
      batch.map((m) => ({
        id: ids.movies.get(m.slug)!,
        title: m.title,
        originalTitle: m.originalTitle,
        slug: m.slug,
        year: m.year,
        runtimeMinutes: m.runtime,
        releaseDates: (m.releaseDate ? { [WORLDWIDE_RELEASE_KEY]: m.releaseDate } : {}) as Record<
          string,
          string
        >,
        genres: m.genres,
        directors: m.directors,
        originalLanguage: m.originalLanguage,
        imdbId: m.imdb,
        tmdbId: m.tmdb,
        wikidataId: m.wikidata,
      })),
    );
  }
}

/** Every film's English and Dutch title (the English one where the dataset has no Dutch title); returns how many. */
async function insertMovieTitles(tx: Transaction, data: DemoData, ids: DemoIds): Promise<number> {
  const titles = data.movies.flatMap((m) => [
    { movieId: ids.movies.get(m.slug)!, locale: "en", title: m.title },
    { movieId: ids.movies.get(m.slug)!, locale: "nl", title: m.titleNl ?? m.title },
  ]);
  for (const batch of chunks(titles, CATALOG_BATCH * 2)) {
    await tx.insert(movieTitles).values(batch);
  }
  return titles.length;
}

async function insertAttributes(tx: Transaction, data: DemoData): Promise<void> {
  await tx.insert(attributes).values(
    data.attributes.map((a) => ({
      code: a.code,
      category: a.category,
      names: a.names,
      synonyms: a.synonyms,
    })),
  );
}

/**
 * Showtimes: one JSON parameter per batch, expanded by PostgreSQL. Much faster than thousands of
 * bound parameters, and identical on PGlite and PostgreSQL. Cinemas with a booking template get the
 * show ids their deep links need as source refs.
 */
async function insertShowtimes(
  tx: Transaction,
  showtimes: GeneratedShowtime[],
  data: DemoData,
  ids: DemoIds,
  now: Date,
): Promise<void> {
  const showIds = demoShowIds(
    showtimes,
    new Set(data.cinemas.filter((c) => demoBookingTemplate(c)).map((c) => c.slug)),
  );
  const seenAt = now.toISOString();
  for (const batch of chunks(showtimes, SHOWTIME_BATCH)) {
    const rows = batch.map((s) => ({
      cinema_id: ids.cinemas.get(s.cinemaSlug)!,
      country_code: s.countryCode,
      movie_id: s.movieSlug ? ids.movies.get(s.movieSlug)! : null,
      feed_title: s.feedTitle,
      starts_at: s.startsAt,
      feature_starts_at: s.featureStartsAt,
      ends_at: s.endsAt,
      auditorium: s.auditorium,
      attributes: s.attributes,
      audio_language: s.audioLanguage,
      subtitle_languages: s.subtitleLanguages,
      price_min: s.priceMin,
      price_max: s.priceMax,
      currency: s.currency,
      seats_available: s.seatsAvailable,
      seats_total: s.seatsTotal,
      availability: s.availability,
      status: s.status,
      source_ref: showIds.get(s.sourceRef) ?? s.sourceRef,
      first_seen_at: seenAt,
      last_seen_at: seenAt,
    }));
    await tx.execute(sql`
      insert into showtimes (
        cinema_id, country_code, movie_id, feed_title, starts_at, feature_starts_at, ends_at,
        auditorium, attributes, audio_language, subtitle_languages, price_min,
        price_max, currency, seats_available, seats_total, availability, status, source_ref,
        first_seen_at, last_seen_at)
      select
        cinema_id, country_code, movie_id, feed_title, starts_at, feature_starts_at, ends_at,
        auditorium, attributes, audio_language, subtitle_languages, price_min,
        price_max, currency, seats_available, seats_total, availability, status, source_ref,
        first_seen_at, last_seen_at
      from json_populate_recordset(null::showtimes, ${JSON.stringify(rows)}::json)`);
  }
}
