// What the cinema operations share: the columns they return, finding a cinema to change, and the checks
// (a free slug, a country and a chain that exist) as field errors.
import { and, eq, ne } from "drizzle-orm";
import { cinemaChains, cinemas, countries } from "../../../db/schema/catalog.ts";
import { AppError } from "../../errors.ts";
import { messageRef } from "../../i18n/message-ref.ts";
import type { Transaction } from "../attributes/attributes.ts";

export const cinemaColumns = {
  id: cinemas.id,
  name: cinemas.name,
  slug: cinemas.slug,
  chainId: cinemas.chainId,
  address: cinemas.address,
  postalCode: cinemas.postalCode,
  city: cinemas.city,
  countryCode: cinemas.countryCode,
  latitude: cinemas.latitude,
  longitude: cinemas.longitude,
  timeZone: cinemas.timeZone,
  website: cinemas.website,
  bookingUrlTemplate: cinemas.bookingUrlTemplate,
  phone: cinemas.phone,
  screens: cinemas.screens,
  seats: cinemas.seats,
  osmId: cinemas.osmId,
  nationalId: cinemas.nationalId,
  posSiteId: cinemas.posSiteId,
  status: cinemas.status,
};

export type CinemaRecord = {
  id: string;
  name: string;
  slug: string;
  chainId: string | null;
  address: string | null;
  postalCode: string | null;
  city: string;
  countryCode: string;
  latitude: number | null;
  longitude: number | null;
  timeZone: string;
  website: string | null;
  bookingUrlTemplate: string | null;
  phone: string | null;
  screens: number | null;
  seats: number | null;
  osmId: string | null;
  nationalId: string | null;
  posSiteId: string | null;
  status: "open" | "closed";
};

export async function findCinemaForUpdate(tx: Transaction, id: string): Promise<CinemaRecord> {
  const [row] = await tx.select(cinemaColumns).from(cinemas).where(eq(cinemas.id, id)).for("update");
  if (!row) throw new AppError("not_found", "cinemas.notFound");
  return row;
}

export async function checkCinemaSlugFree(tx: Transaction, slug: string, exceptId?: string): Promise<void> {
  const [other] = await tx
    .select({ name: cinemas.name })
    .from(cinemas)
    .where(exceptId ? and(eq(cinemas.slug, slug), ne(cinemas.id, exceptId)) : eq(cinemas.slug, slug));
  if (other)
    throw new AppError("conflict", "cinemas.slugTaken", {
      values: { slug, name: other.name },
      fieldErrors: { slug: messageRef("studio.cinemas.validation.slugTaken", { name: other.name }) },
    });
}

/** Refuses a country the countries table does not have, and a chain that does not exist. */
export async function checkCinemaReferences(
  tx: Transaction,
  countryCode: string,
  chainId: string | undefined,
): Promise<void> {
  const fieldErrors: Record<string, string> = {};
  const [country] = await tx
    .select({ code: countries.code })
    .from(countries)
    .where(eq(countries.code, countryCode));
  if (!country) fieldErrors.countryCode = messageRef("studio.cinemas.validation.countryRequired");
  if (chainId) {
    const [chain] = await tx
      .select({ id: cinemaChains.id })
      .from(cinemaChains)
      .where(eq(cinemaChains.id, chainId));
    if (!chain) fieldErrors.chainId = messageRef("studio.cinemas.validation.chainUnknown");
  }
  if (Object.keys(fieldErrors).length > 0)
    throw new AppError("invalid_input", "form.invalid", { fieldErrors });
}

/** The columns a create or an update writes, from the parsed form. */
export function cinemaValues(data: {
  name: string;
  slug: string;
  chainId?: string | undefined;
  address?: string | undefined;
  postalCode?: string | undefined;
  city: string;
  countryCode: string;
  latitude?: number | undefined;
  longitude?: number | undefined;
  timeZone: string;
  website?: string | undefined;
  bookingUrlTemplate?: string | undefined;
  phone?: string | undefined;
  screens?: number | undefined;
  seats?: number | undefined;
  osmId?: string | undefined;
  nationalId?: string | undefined;
  posSiteId?: string | undefined;
}) {
  return {
    name: data.name,
    slug: data.slug,
    chainId: data.chainId ?? null,
    address: data.address ?? null,
    postalCode: data.postalCode ?? null,
    city: data.city,
    countryCode: data.countryCode,
    latitude: data.latitude ?? null,
    longitude: data.longitude ?? null,
    timeZone: data.timeZone,
    website: data.website ?? null,
    bookingUrlTemplate: data.bookingUrlTemplate ?? null,
    phone: data.phone ?? null,
    screens: data.screens ?? null,
    seats: data.seats ?? null,
    osmId: data.osmId ?? null,
    nationalId: data.nationalId ?? null,
    posSiteId: data.posSiteId ?? null,
  };
}
