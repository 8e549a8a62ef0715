// What the countries and bundles operations share: the records as the studio sees them and the counts
// of clients that depend on a country or a bundle.
import { countDistinct, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { countryAccess } from "../../../db/schema/access.ts";
import { bundleCountries, bundles, countries } from "../../../db/schema/catalog.ts";
import type { AppServices } from "../../services.ts";
import { queryRows } from "../../shared/db-rows.ts";

/** What the countries and bundles operations need; changing which countries clients read drops cached keys. */
export type CountryServices = Pick<AppServices, "db" | "now" | "apiKeys">;

export const countryColumns = {
  code: countries.code,
  name: countries.name,
  enabled: countries.enabled,
  defaultLocale: countries.defaultLocale,
  timeZone: countries.timeZone,
  currency: countries.currency,
};

export type CountryRecord = {
  code: string;
  name: string;
  enabled: boolean;
  defaultLocale: string;
  timeZone: string;
  currency: string;
};

export const bundleColumns = {
  id: bundles.id,
  name: bundles.name,
  description: bundles.description,
  price: bundles.price,
  currency: bundles.currency,
};

export type BundleRecord = {
  id: string;
  name: string;
  description: string | null;
  price: number;
  currency: string;
  countries: string[];
};

/**
 * Clients whose access reaches the country today or later (directly or through a bundle): the ones
 * that lose it when it is disabled. Expired grants no longer count.
 */
export function countryClientsSql(code: unknown, today: string) {
  return sql<number>`(
    select count(distinct ca.client_id) from ${countryAccess} ca
    where (ca.valid_until is null or ca.valid_until >= ${today}::date)
      and (ca.country_code = ${code}
        or ca.bundle_id in (select bc.bundle_id from ${bundleCountries} bc where bc.country_code = ${code}))
  )`.mapWith(Number);
}

export async function countryClientCount(db: Database, code: string, today: string): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(
    db,
    sql`select ${countryClientsSql(code, today)} as n`,
  );
  return Number(row?.n ?? 0);
}

/** Clients with any access row for the bundle, past or present: deleting it would remove those rows. */
export async function bundleClientCount(db: Database, bundleId: string): Promise<number> {
  const [row] = await db
    .select({ n: countDistinct(countryAccess.clientId) })
    .from(countryAccess)
    .where(eq(countryAccess.bundleId, bundleId));
  return row?.n ?? 0;
}

/** Each bundle's country codes, sorted. */
export async function bundleCountryCodes(db: Database, bundleIds: string[]): Promise<Map<string, string[]>> {
  const byBundle = new Map<string, string[]>(bundleIds.map((id) => [id, []]));
  if (bundleIds.length === 0) return byBundle;
  const rows = await db
    .select({ bundleId: bundleCountries.bundleId, code: bundleCountries.countryCode })
    .from(bundleCountries)
    .where(inArray(bundleCountries.bundleId, bundleIds))
    .orderBy(bundleCountries.countryCode);
  for (const row of rows) byBundle.get(row.bundleId)?.push(row.code);
  return byBundle;
}

/** Today's calendar day in UTC, the day grants are judged by. */
export const utcToday = (now: Date) => now.toISOString().slice(0, 10);
