// A cinema as the API shows it, and the columns it is read from (cinemas `c`, left-joined chains `ch`).
import { type SQL, sql } from "drizzle-orm";
import { httpUrlOrNull } from "../../shared/absolute-url.ts";

export type ApiCinemaChain = { id: string; slug: string; name: string };

export type ApiCinema = {
  id: string;
  slug: string;
  name: string;
  chain: ApiCinemaChain | null;
  address: string | null;
  postal_code: string | null;
  city: string;
  country: string;
  latitude: number | null;
  longitude: number | null;
  /** true when the position is the city centre, not the building */
  coordinates_approximate: boolean;
  time_zone: string;
  website: string | null;
  phone: string | null;
  screens: number | null;
  seats: number | null;
  status: "open" | "closed";
  /** kilometres from `near`, when the query had one */
  distance_km: number | null;
};

export type CinemaRow = {
  id: string;
  slug: string;
  name: string;
  chain_id: string | null;
  chain_slug: string | null;
  chain_name: string | null;
  address: string | null;
  postal_code: string | null;
  city: string;
  country: string;
  latitude: number | null;
  longitude: number | null;
  coordinates_approximate: boolean;
  time_zone: string;
  website: string | null;
  phone: string | null;
  screens: number | null;
  seats: number | null;
  status: "open" | "closed";
  distance_km: number | string | null;
};

/** The columns of CinemaRow; `distance` is the distance expression, or null. */
export function cinemaColumns(distance: SQL | undefined): SQL {
  return sql`c.id, c.slug, c.name, ch.id as chain_id, ch.slug as chain_slug, ch.name as chain_name,
    c.address, c.postal_code, c.city, c.country_code::text as country, c.latitude, c.longitude,
    c.coordinates_approximate, c.time_zone, c.website, c.phone, c.screens, c.seats, c.status,
    ${distance ?? sql`null::float8`} as distance_km`;
}

export function toApiCinema(row: CinemaRow): ApiCinema {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    chain:
      row.chain_id && row.chain_slug && row.chain_name
        ? { id: row.chain_id, slug: row.chain_slug, name: row.chain_name }
        : null,
    address: row.address,
    postal_code: row.postal_code,
    city: row.city,
    country: row.country,
    latitude: row.latitude === null ? null : Number(row.latitude),
    longitude: row.longitude === null ? null : Number(row.longitude),
    coordinates_approximate: row.coordinates_approximate,
    time_zone: row.time_zone,
    website: httpUrlOrNull(row.website),
    phone: row.phone,
    screens: row.screens,
    seats: row.seats,
    status: row.status,
    distance_km: row.distance_km === null ? null : Math.round(Number(row.distance_km) * 100) / 100,
  };
}
