// A showtime as the API shows it: times in the cinema's zone with their offset plus the IANA zone, the
// listing day it belongs to, an absolute booking link, prices in minor units.
import { type SQL, sql } from "drizzle-orm";
import { mediaUrl } from "../../assets/media-url.ts";
import { bookingLink, type BookingLinkKind } from "../../showtimes/booking-link.ts";
import type { ApiScope } from "../country-scope.ts";
import { isoInZone, listingDateInZone } from "../../showtimes/zoned-time.ts";

export const AVAILABILITIES = ["available", "few-left", "sold-out", "unknown"] as const;
export type Availability = (typeof AVAILABILITIES)[number];

export type ApiShowtime = {
  id: string;
  cinema: {
    id: string;
    slug: string;
    name: string;
    city: string;
    country: string;
    /** kilometres from `near`, when the query had one */
    distance_km: number | null;
  };
  movie: ApiShowtimeMovie | null;
  /** the movie's title in the asked locale, else the title the cinema's feed uses */
  title: string;
  feed_title: string;
  starts_at: string;
  feature_starts_at: string | null;
  ends_at: string | null;
  time_zone: string;
  /** the listing day (03:00 to 03:00 local) the show belongs to */
  listing_date: string;
  auditorium: string | null;
  attributes: string[];
  /** each of `attributes` by its name in the asked locale (English, else the code, where it has none) */
  attribute_names: Record<string, string>;
  audio_language: string | null;
  subtitle_languages: string[];
  booking_url: string | null;
  /** what booking_url opens: this show's booking (a deep link) or the cinema's site; null without a link */
  booking_url_kind: BookingLinkKind | null;
  /** bookable online through booking_url: scheduled, not sold out, with a link (else: at the box office) */
  bookable: boolean;
  /** minor units (cents) */
  price: { min: number | null; max: number | null; currency: string } | null;
  seats: { available: number | null; total: number | null };
  availability: Availability;
  status: "scheduled" | "cancelled";
  created_at: string;
  updated_at: string;
};

export type ApiShowtimeMovie = {
  id: string;
  slug: string;
  title: string;
  /** absolute URL of the poster's thumbnail (WebP, at most 320 px), or null */
  poster_url: string | null;
  /** publishable keys only: the client featured the movie in its widget */
  featured?: boolean;
  /** publishable keys only: its place among the client's featured movies (1…n), null when not featured */
  position?: number | null;
};

/**
 * Who reads showtimes: the key's countries and, for a publishable key (the widget on the client's site),
 * the client whose movie settings apply: its hidden movies are left out, its featured ones marked.
 * Secret keys see the data as it is (the client's settings are about its widget).
 */
export type ShowtimeReader = ApiScope & { kind?: "secret" | "publishable"; clientId?: string };

/** The client whose widget settings shape the answer: publishable keys only. */
export function curatingClient(reader: ShowtimeReader): string | undefined {
  return reader.kind === "publishable" ? reader.clientId : undefined;
}

/** No showtime of a movie `clientId` hid from its widget (showtimes `s`); unlinked shows stay. */
export function notHiddenBy(clientId: string): SQL {
  return sql`not exists (select 1 from client_movie_settings h
    where h.client_id = ${clientId}::uuid and h.movie_id = s.movie_id and h.hidden)`;
}

export type ShowtimeRow = {
  id: string;
  cinema_id: string;
  cinema_slug: string;
  cinema_name: string;
  city: string;
  country: string;
  time_zone: string;
  cinema_website: string | null;
  booking_url_template: string | null;
  /** the cinema's site id in its point-of-sale system: a template's {cinema_ref} */
  pos_site_id: string | null;
  distance_km: number | string | null;
  movie_id: string | null;
  movie_slug: string | null;
  movie_title: string | null;
  poster_hash: string | null;
  poster_mime: string | null;
  /** only when read for a curating client */
  featured?: boolean;
  featured_position?: number | null;
  feed_title: string;
  starts_at: Date | string;
  feature_starts_at: Date | string | null;
  ends_at: Date | string | null;
  auditorium: string | null;
  attributes: string[] | null;
  /** code → name in the asked locale, for the codes the catalogue knows */
  attribute_names: Record<string, string> | null;
  audio_language: string | null;
  subtitle_languages: string[] | null;
  booking_url: string | null;
  source_ref: string | null;
  price_min: number | null;
  price_max: number | null;
  currency: string | null;
  seats_available: number | null;
  seats_total: number | null;
  availability: Availability;
  status: "scheduled" | "cancelled";
  created_at: Date | string;
  updated_at: Date | string;
};

/**
 * Columns of ShowtimeRow over showtimes `s`, cinemas `c`, movies `m` and poster variants `pv` (left), with
 * the title in `locale`; `distance` is the distance expression, or null; with `curatedFor`, that client's
 * featured flag and position of the movie.
 */
export function showtimeColumns(distance: SQL | undefined, locale: string, curatedFor?: string): SQL {
  const settings = curatedFor
    ? sql`, coalesce((select f.featured from client_movie_settings f
          where f.client_id = ${curatedFor}::uuid and f.movie_id = s.movie_id), false) as featured,
        (select f.position from client_movie_settings f
          where f.client_id = ${curatedFor}::uuid and f.movie_id = s.movie_id and f.featured) as featured_position`
    : sql``;
  return sql`s.id, c.id as cinema_id, c.slug as cinema_slug, c.name as cinema_name, c.city,
    c.country_code::text as country, c.time_zone, c.website as cinema_website, c.booking_url_template,
    c.pos_site_id,
    ${distance ?? sql`null::float8`} as distance_km,
    m.id as movie_id, m.slug as movie_slug,
    coalesce((select t.title from movie_titles t where t.movie_id = m.id and t.locale = ${locale}), m.title) as movie_title,
    pv.content_hash as poster_hash, pv.mime_type as poster_mime,
    (select jsonb_object_agg(a.code, coalesce(a.names->>${locale}, a.names->>'en', a.code))
      from attributes a where a.code = any(s.attributes)) as attribute_names,
    s.feed_title, s.starts_at, s.feature_starts_at, s.ends_at, s.auditorium, s.attributes, s.audio_language,
    s.subtitle_languages, s.booking_url, s.source_ref, s.price_min, s.price_max, s.currency, s.seats_available,
    s.seats_total, s.availability, s.status, s.created_at, s.updated_at${settings}`;
}

/** The joins showtimeColumns reads from, after `from showtimes s`. */
export function showtimeJoins(): SQL {
  // The localized title is a subquery per row (its unique index), not a join the planner may turn
  // into a scan of every title. The poster is its thumbnail variant (unique per asset and variant).
  return sql`join cinemas c on c.id = s.cinema_id left join movies m on m.id = s.movie_id
    left join asset_variants pv on pv.asset_id = m.poster_asset_id and pv.variant = 'thumbnail'`;
}

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/**
 * The show's own link, made absolute against the cinema's site; else the cinema's booking template filled
 * in for the show; else the cinema's site (core/showtimes/booking-link.ts, as the public site does).
 */
function bookingOf(row: ShowtimeRow) {
  return bookingLink({
    showtimeUrl: row.booking_url,
    template: row.booking_url_template,
    sourceRef: row.source_ref,
    cinemaRef: row.pos_site_id,
    startsAt: asDate(row.starts_at),
    timeZone: row.time_zone,
    website: row.cinema_website,
  });
}

function toApiMovie(row: ShowtimeRow, baseUrl: string): ApiShowtimeMovie | null {
  if (!row.movie_id || !row.movie_slug || !row.movie_title) return null;
  const movie: ApiShowtimeMovie = {
    id: row.movie_id,
    slug: row.movie_slug,
    title: row.movie_title,
    // Absolute: the widget shows it on the client's site, where a root-relative path is theirs.
    poster_url:
      row.poster_hash && row.poster_mime
        ? new URL(mediaUrl(row.poster_hash, row.poster_mime), baseUrl).toString()
        : null,
  };
  if (row.featured !== undefined) {
    movie.featured = row.featured;
    movie.position = row.featured_position ?? null;
  }
  return movie;
}

/** The row as the API shows it; `baseUrl` makes the poster's URL absolute. */
export function toApiShowtime(row: ShowtimeRow, baseUrl: string): ApiShowtime {
  const zone = row.time_zone;
  const booking = bookingOf(row);
  const attributes = row.attributes ?? [];
  const startsAt = asDate(row.starts_at);
  const inZone = (value: Date | string | null) => (value === null ? null : isoInZone(asDate(value), zone));
  return {
    id: row.id,
    cinema: {
      id: row.cinema_id,
      slug: row.cinema_slug,
      name: row.cinema_name,
      city: row.city,
      country: row.country,
      distance_km: row.distance_km === null ? null : Math.round(Number(row.distance_km) * 100) / 100,
    },
    movie: toApiMovie(row, baseUrl),
    title: row.movie_title ?? row.feed_title,
    feed_title: row.feed_title,
    starts_at: isoInZone(startsAt, zone),
    feature_starts_at: inZone(row.feature_starts_at),
    ends_at: inZone(row.ends_at),
    time_zone: zone,
    listing_date: listingDateInZone(startsAt, zone),
    auditorium: row.auditorium,
    attributes,
    attribute_names: Object.fromEntries(
      attributes.map((code) => [code, row.attribute_names?.[code] ?? code]),
    ),
    audio_language: row.audio_language,
    subtitle_languages: row.subtitle_languages ?? [],
    booking_url: booking?.url ?? null,
    booking_url_kind: booking?.kind ?? null,
    // As the public site's chips: a link to follow and seats to sell, else tickets at the box office.
    bookable: booking !== null && row.availability !== "sold-out" && row.status === "scheduled",
    price:
      row.currency && (row.price_min !== null || row.price_max !== null)
        ? { min: row.price_min, max: row.price_max, currency: row.currency }
        : null,
    seats: { available: row.seats_available, total: row.seats_total },
    availability: row.availability,
    status: row.status,
    created_at: isoInZone(asDate(row.created_at), zone),
    updated_at: isoInZone(asDate(row.updated_at), zone),
  };
}
