// A cinema as its public page shows it (/cinemas/{slug}): where it is (address, coordinates unless they
// are only its city's centre), its chain, web site and phone.
import { eq } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { cinemaChains, cinemas } from "../../../db/schema/catalog.ts";
import { httpUrlOrNull } from "../../shared/absolute-url.ts";
import { MAX_SLUG_LENGTH } from "../movies/find-public-movie.ts";

export type PublicCinema = {
  id: string;
  slug: string;
  name: string;
  address: string | null;
  postalCode: string | null;
  city: string;
  countryCode: string;
  /** null when the stored coordinates are only the city's centre */
  location: { latitude: number; longitude: number } | null;
  timeZone: string;
  /** http(s) only */
  website: string | null;
  phone: string | null;
  screens: number | null;
  chain: { name: string; website: string | null } | null;
  open: boolean;
};

export async function findPublicCinema({ db }: { db: Database }, slug: string): Promise<PublicCinema | null> {
  if (slug.length === 0 || slug.length > MAX_SLUG_LENGTH) return null;
  const [row] = await db
    .select({
      id: cinemas.id,
      slug: cinemas.slug,
      name: cinemas.name,
      address: cinemas.address,
      postalCode: cinemas.postalCode,
      city: cinemas.city,
      countryCode: cinemas.countryCode,
      latitude: cinemas.latitude,
      longitude: cinemas.longitude,
      approximate: cinemas.coordinatesApproximate,
      timeZone: cinemas.timeZone,
      website: cinemas.website,
      phone: cinemas.phone,
      screens: cinemas.screens,
      status: cinemas.status,
      chainName: cinemaChains.name,
      chainWebsite: cinemaChains.website,
    })
    .from(cinemas)
    .leftJoin(cinemaChains, eq(cinemaChains.id, cinemas.chainId))
    .where(eq(cinemas.slug, slug));
  if (!row) return null;
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    address: row.address,
    postalCode: row.postalCode,
    city: row.city,
    countryCode: row.countryCode,
    location:
      row.latitude !== null && row.longitude !== null && !row.approximate
        ? { latitude: row.latitude, longitude: row.longitude }
        : null,
    timeZone: row.timeZone,
    website: httpUrlOrNull(row.website),
    phone: row.phone,
    screens: row.screens,
    chain: row.chainName ? { name: row.chainName, website: httpUrlOrNull(row.chainWebsite) } : null,
    open: row.status === "open",
  };
}
