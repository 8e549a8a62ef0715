// The zone a studio user who keeps none sees times in, before their browser's is known (the page
// rendered on the server, a browser without JavaScript, or one that reports only UTC): their client's
// country's, so a first visit is not in UTC.
import { asc, inArray } from "drizzle-orm";
import { countries } from "../../db/schema/catalog.ts";
import { grantedCountries, utcDay } from "../access/country-access.ts";
import type { AppServices } from "../services.ts";

/** The time zone of the client's first granted country (by code), or null: no client, no country. */
export async function clientTimeZone(
  { db, now }: Pick<AppServices, "db" | "now">,
  clientId: string | null | undefined,
): Promise<string | null> {
  if (!clientId) return null;
  const codes = await grantedCountries(db, clientId, utcDay(now()));
  if (codes.length === 0) return null;
  const [first] = await db
    .select({ timeZone: countries.timeZone })
    .from(countries)
    .where(inArray(countries.code, codes))
    .orderBy(asc(countries.code))
    .limit(1);
  return first?.timeZone ?? null;
}
