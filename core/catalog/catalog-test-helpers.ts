// Test helpers for the catalogue: a country, a cinema (optionally in a chain) and showtimes carrying codes.
import { randomUUID } from "node:crypto";
import type { Database } from "../../db/client.ts";
import { cinemas, countries } from "../../db/schema/catalog.ts";
import { showtimes } from "../../db/schema/showtimes.ts";

export async function ensureCountry(db: Database, code: string, name: string): Promise<void> {
  await db
    .insert(countries)
    .values({ code, name, defaultLocale: "en", timeZone: "Europe/Amsterdam", currency: "EUR" })
    .onConflictDoNothing();
}

export async function createCinema(
  db: Database,
  options: { chainId?: string | null; countryCode?: string } = {},
): Promise<string> {
  const slug = `cinema-${randomUUID().slice(0, 8)}`;
  const [cinema] = await db
    .insert(cinemas)
    .values({
      name: slug,
      slug,
      city: "Utrecht",
      countryCode: options.countryCode ?? "NL",
      timeZone: "Europe/Amsterdam",
      chainId: options.chainId ?? null,
    })
    .returning({ id: cinemas.id });
  return cinema!.id;
}

export async function createShowtime(
  db: Database,
  cinemaId: string,
  attributeCodes: string[],
): Promise<string> {
  const [showtime] = await db
    .insert(showtimes)
    .values({
      cinemaId,
      countryCode: "NL",
      feedTitle: "Test film",
      startsAt: new Date("2030-01-01T19:00:00Z"),
      attributes: attributeCodes,
    })
    .returning({ id: showtimes.id });
  return showtime!.id;
}
