// "What's on": the public listing for one place and one listing day, grouped movie → cinema → times.
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { queryRows } from "../shared/db-rows.ts";
import { bookingLink, type BookingLinkKind } from "./booking-link.ts";

export type Place =
  | { kind: "city"; city: string; countryCode: string }
  | { kind: "near"; latitude: number; longitude: number; radiusKm: number }
  /** one cinema's own programme (its page) */
  | { kind: "cinema"; cinemaId: string };

export type ListingQuery = {
  place: Place;
  /** listing date, YYYY-MM-DD, in the cinemas' local time: the first day listed */
  date: string;
  /** listing days from `date` (a weekend is two); default 1 */
  days?: number;
  /** only shows from this hour (local, each cinema's zone) of the first day on: tonight is 18 */
  fromHour?: number;
  /** attribute codes that every showtime must have */
  attributes: readonly string[];
  /** title locale (Dutch titles differ) */
  locale: string;
  /** hide showtimes that already started (for today) */
  notBefore?: Date;
  /** one film's showtimes only (its page) */
  movieId?: string;
  /** only shows starting at or after this local time of the listing day, "HH:MM" ("tonight": 18:00) */
  fromLocalTime?: string;
  limit?: number;
};

export type ListingShowtime = {
  id: string;
  startsAt: Date;
  /** the listing day (03:00 to 03:00 local) the show belongs to: a 00:30 show is the evening before's */
  listingDate: string;
  attributes: string[];
  availability: "available" | "few-left" | "sold-out" | "unknown";
  /** the show's own link, else the cinema's template filled in, else the cinema's site (booking-link.ts) */
  bookingUrl: string | null;
  /** what bookingUrl opens: the show's booking, or only the cinema's site; null without a link */
  bookingKind: BookingLinkKind | null;
  priceMin: number | null;
  priceMax: number | null;
  currency: string | null;
  seatsAvailable: number | null;
  seatsTotal: number | null;
  auditorium: string | null;
  audioLanguage: string | null;
  subtitleLanguages: string[];
};

export type ListingCinema = {
  id: string;
  name: string;
  slug: string;
  city: string;
  address: string | null;
  timeZone: string;
  /** from the place asked for (near me); null for a city, and for a cinema placed only at its city's centre */
  distanceKm: number | null;
  /** the cinema's coordinates are its city's centre: a distance would be made up */
  approximateLocation: boolean;
  showtimes: ListingShowtime[];
};

/** A stored poster variant (the thumbnail, else the WebP, else the original): app/ builds its URL. */
export type ListingPoster = {
  contentHash: string;
  mimeType: string;
  width: number | null;
  height: number | null;
};

export type ListingMovie = {
  /** the movie id, or "feed:<title>" for unlinked showtimes */
  id: string;
  slug: string | null;
  title: string;
  year: number | null;
  runtimeMinutes: number | null;
  genres: string[];
  /** age ratings by country code ({} when none) */
  certification: Record<string, string>;
  poster: ListingPoster | null;
  cinemas: ListingCinema[];
  showtimeCount: number;
};

type Row = {
  id: string;
  starts_at: Date | string;
  listing_date: string;
  source_ref: string | null;
  attributes: string[];
  availability: ListingShowtime["availability"];
  booking_url: string | null;
  price_min: number | null;
  price_max: number | null;
  currency: string | null;
  seats_available: number | null;
  seats_total: number | null;
  auditorium: string | null;
  audio_language: string | null;
  subtitle_languages: string[];
  cinema_id: string;
  cinema_name: string;
  cinema_slug: string;
  city: string;
  address: string | null;
  time_zone: string;
  website: string | null;
  booking_url_template: string | null;
  pos_site_id: string | null;
  distance_km: number | null;
  coordinates_approximate: boolean;
  /** null for a showtime not linked to a movie (e.g. a sneak preview): it lists under its feed title */
  movie_id: string | null;
  movie_slug: string | null;
  movie_title: string;
  year: number | null;
  runtime_minutes: number | null;
  genres: string[];
  certification: Record<string, string> | null;
  poster_hash: string | null;
  poster_mime: string | null;
  poster_width: number | null;
  poster_height: number | null;
};

const EARTH_RADIUS_KM = 6371;

/** Which cinemas a place covers (alias c). */
export function placeCondition(place: Place) {
  if (place.kind === "cinema") return sql`c.id = ${place.cinemaId}`;
  if (place.kind === "city") {
    return sql`c.country_code = ${place.countryCode} and c.city = ${place.city}`;
  }
  // Bounding box first (index on latitude, longitude), then the exact great-circle distance.
  const latDelta = place.radiusKm / 111.32;
  const lonDelta = place.radiusKm / (111.32 * Math.max(Math.cos((place.latitude * Math.PI) / 180), 0.01));
  return sql`c.latitude between ${place.latitude - latDelta} and ${place.latitude + latDelta}
    and c.longitude between ${place.longitude - lonDelta} and ${place.longitude + lonDelta}
    and ${distanceSql(place)} <= ${place.radiusKm}`;
}

function distanceSql(place: Place) {
  if (place.kind !== "near") return sql`null::float8`;
  return sql`(2 * ${EARTH_RADIUS_KM} * asin(sqrt(
    power(sin(radians(c.latitude - ${place.latitude}) / 2), 2) +
    cos(radians(${place.latitude})) * cos(radians(c.latitude)) * power(sin(radians(c.longitude - ${place.longitude}) / 2), 2)
  )))`;
}

export async function findListingRows(db: Database, query: ListingQuery): Promise<Row[]> {
  const attributes = sql`array[${sql.join(
    query.attributes.map((a) => sql`${a}`),
    sql`, `,
  )}]::text[]`;
  const days = Math.max(1, Math.trunc(query.days ?? 1));
  // The first day starts at 03:00 local (a listing day), or later: tonight's shows are from 18:00.
  const hour = query.fromHour !== undefined && query.fromHour > 3 && query.fromHour < 24 ? query.fromHour : 3;
  const firstHour = `${String(Math.trunc(hour)).padStart(2, "0")}:00`;
  return queryRows<Row>(
    db,
    sql`
      select s.id, s.starts_at, s.attributes, s.availability, s.booking_url, s.price_min, s.price_max, s.currency,
             s.seats_available, s.seats_total, s.auditorium, s.audio_language, s.subtitle_languages, s.source_ref,
             to_char((s.starts_at at time zone c.time_zone) - interval '3 hours', 'YYYY-MM-DD') as listing_date,
             c.id as cinema_id, c.name as cinema_name, c.slug as cinema_slug, c.city, c.address, c.time_zone,
             c.website, c.booking_url_template, c.pos_site_id,
             ${distanceSql(query.place)} as distance_km, c.coordinates_approximate,
             m.id as movie_id, m.slug as movie_slug, coalesce(mt.title, m.title, s.feed_title) as movie_title, m.year,
             m.runtime_minutes, m.genres, m.certification,
             pv.content_hash as poster_hash, pv.mime_type as poster_mime, pv.width as poster_width,
             pv.height as poster_height
      from cinemas c
      join showtimes s on s.cinema_id = c.id
      left join movies m on m.id = s.movie_id
      left join movie_titles mt on mt.movie_id = m.id and mt.locale = ${query.locale}
      left join lateral (
        select v.content_hash, v.mime_type, v.width, v.height from asset_variants v
        where v.asset_id = m.poster_asset_id
        order by case v.variant when 'thumbnail' then 0 when 'webp' then 1 else 2 end
        limit 1
      ) pv on true
      where ${placeCondition(query.place)}
        and c.status = 'open'
        and s.starts_at >= ((${query.date}::date + ${firstHour}::time) at time zone c.time_zone)
        and s.starts_at < ((${query.date}::date + ${days}::int + time '03:00') at time zone c.time_zone)
        ${query.notBefore ? sql`and s.starts_at >= ${query.notBefore.toISOString()}::timestamptz` : sql``}
        ${query.fromLocalTime ? sql`and s.starts_at >= ((${query.date}::date + ${query.fromLocalTime}::time) at time zone c.time_zone)` : sql``}
        ${query.movieId ? sql`and s.movie_id = ${query.movieId}` : sql``}
        and s.status = 'scheduled'
        ${query.attributes.length ? sql`and s.attributes @> ${attributes}` : sql``}
      order by s.starts_at
      limit ${query.limit ?? 3000}
    `,
  );
}

/**
 * Groups rows by movie (most showtimes first), then cinema (nearest, then those placed only at their
 * city's centre, else by name), then time.
 */
export function groupListing(rows: Row[]): ListingMovie[] {
  const movies = new Map<string, ListingMovie>();
  for (const row of rows) {
    const key = row.movie_id ?? `feed:${row.movie_title}`;
    let movie = movies.get(key);
    if (!movie) {
      movie = {
        id: key,
        slug: row.movie_slug,
        title: row.movie_title,
        year: row.year,
        runtimeMinutes: row.runtime_minutes,
        genres: row.genres ?? [],
        certification: row.certification ?? {},
        poster:
          row.poster_hash && row.poster_mime
            ? {
                contentHash: row.poster_hash,
                mimeType: row.poster_mime,
                width: row.poster_width,
                height: row.poster_height,
              }
            : null,
        cinemas: [],
        showtimeCount: 0,
      };
      movies.set(key, movie);
    }
    let cinema = movie.cinemas.find((c) => c.id === row.cinema_id);
    if (!cinema) {
      cinema = {
        id: row.cinema_id,
        name: row.cinema_name,
        slug: row.cinema_slug,
        city: row.city,
        address: row.address,
        timeZone: row.time_zone,
        distanceKm: row.distance_km === null || row.coordinates_approximate ? null : Number(row.distance_km),
        approximateLocation: row.coordinates_approximate,
        showtimes: [],
      };
      movie.cinemas.push(cinema);
    }
    const startsAt = new Date(row.starts_at);
    const booking = bookingLink({
      showtimeUrl: row.booking_url,
      template: row.booking_url_template,
      sourceRef: row.source_ref,
      cinemaRef: row.pos_site_id,
      startsAt,
      timeZone: row.time_zone,
      website: row.website,
    });
    cinema.showtimes.push({
      id: row.id,
      startsAt,
      listingDate: row.listing_date,
      attributes: row.attributes ?? [],
      availability: row.availability,
      bookingUrl: booking?.url ?? null,
      bookingKind: booking?.kind ?? null,
      priceMin: row.price_min,
      priceMax: row.price_max,
      currency: row.currency,
      seatsAvailable: row.seats_available,
      seatsTotal: row.seats_total,
      auditorium: row.auditorium,
      audioLanguage: row.audio_language,
      subtitleLanguages: row.subtitle_languages ?? [],
    });
    movie.showtimeCount++;
  }
  const list = [...movies.values()];
  for (const movie of list) {
    movie.cinemas.sort(
      (a, b) =>
        Number(a.distanceKm === null) - Number(b.distanceKm === null) ||
        (a.distanceKm ?? 0) - (b.distanceKm ?? 0) ||
        a.name.localeCompare(b.name),
    );
  }
  return list.sort((a, b) => b.showtimeCount - a.showtimeCount || a.title.localeCompare(b.title));
}

export async function findListing(db: Database, query: ListingQuery): Promise<ListingMovie[]> {
  return groupListing(await findListingRows(db, query));
}

/** Attribute codes that occur in a place's showtimes between two instants: the filters worth offering. */
export async function findAttributeCodesInUse(
  db: Database,
  place: Place,
  from: Date,
  to: Date,
): Promise<Set<string>> {
  const rows = await queryRows<{ code: string }>(
    db,
    sql`
      select distinct unnest(s.attributes) as code
      from cinemas c
      join showtimes s on s.cinema_id = c.id
      where ${placeCondition(place)}
        and s.starts_at >= ${from.toISOString()}::timestamptz and s.starts_at < ${to.toISOString()}::timestamptz
        and s.status = 'scheduled'
    `,
  );
  return new Set(rows.map((r) => r.code));
}

/**
 * How often each film plays in a place between two instants (scheduled shows, every cinema of the place,
 * no filters): the listing's "popularity", keyed as the listing keys its films (movie id, or "feed:<title>"
 * for shows not linked to a movie). It says what the cinemas around here programme most, not what sells.
 */
export async function findShowtimeCountsByFilm(
  db: Database,
  place: Place,
  from: Date,
  to: Date,
): Promise<Map<string, number>> {
  const rows = await queryRows<{ key: string; shows: number | string }>(
    db,
    sql`
      select coalesce(s.movie_id::text, 'feed:' || s.feed_title) as key, count(*) as shows
      from cinemas c
      join showtimes s on s.cinema_id = c.id
      where ${placeCondition(place)}
        and c.status = 'open'
        and s.starts_at >= ${from.toISOString()}::timestamptz and s.starts_at < ${to.toISOString()}::timestamptz
        and s.status = 'scheduled'
      group by 1
    `,
  );
  return new Map(rows.map((r) => [r.key, Number(r.shows)]));
}
