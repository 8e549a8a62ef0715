// `near=lat,lon` + `radius` (km): a bounding box first (the cinemas' latitude/longitude index), then the
// great-circle distance. Expressions over the cinemas alias `c`.
import { type SQL, sql } from "drizzle-orm";

export const EARTH_RADIUS_KM = 6371;
export const DEFAULT_RADIUS_KM = 10;
export const MAX_RADIUS_KM = 100;

export type Near = { latitude: number; longitude: number; radiusKm: number };

export function distanceKm(near: Near): SQL {
  return sql`(2 * ${EARTH_RADIUS_KM} * asin(least(1, sqrt(
    power(sin(radians(c.latitude - ${near.latitude}) / 2), 2) +
    cos(radians(${near.latitude})) * cos(radians(c.latitude)) * power(sin(radians(c.longitude - ${near.longitude}) / 2), 2)
  ))))`;
}

export function withinRadius(near: Near): SQL {
  const latDelta = near.radiusKm / 111.32;
  const lonDelta = near.radiusKm / (111.32 * Math.max(Math.cos((near.latitude * Math.PI) / 180), 0.01));
  return sql`c.latitude between ${near.latitude - latDelta} and ${near.latitude + latDelta}
    and c.longitude between ${near.longitude - lonDelta} and ${near.longitude + lonDelta}
    and ${distanceKm(near)} <= ${near.radiusKm}`;
}
