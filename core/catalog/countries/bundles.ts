// What the bundle operations share: the name check (unique, case-insensitive), the countries check, and
// writing a bundle's countries.
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { bundleCountries, bundles, countries } from "../../../db/schema/catalog.ts";
import { AppError } from "../../errors.ts";
import { messageRef } from "../../i18n/message-ref.ts";

export async function requireFreeBundleName(tx: Database, name: string, exceptId?: string) {
  const sameName = sql`lower(${bundles.name}) = lower(${name})`;
  const [taken] = await tx
    .select({ id: bundles.id })
    .from(bundles)
    .where(exceptId ? and(sameName, ne(bundles.id, exceptId)) : sameName);
  if (taken)
    throw new AppError("conflict", "countries.bundleNameTaken", {
      values: { name },
      fieldErrors: { name: messageRef("studio.countries.validation.bundleNameTaken", { name }) },
    });
}

/** The codes, deduplicated and sorted; every one must be a country of the catalogue. */
export async function requireKnownCountries(tx: Database, codes: string[]): Promise<string[]> {
  const wanted = [...new Set(codes)].sort();
  const found = await tx
    .select({ code: countries.code })
    .from(countries)
    .where(inArray(countries.code, wanted));
  const known = new Set(found.map((row) => row.code));
  const unknown = wanted.filter((code) => !known.has(code));
  if (unknown.length > 0)
    throw new AppError("invalid_input", "form.invalid", {
      fieldErrors: {
        countries: messageRef("studio.countries.validation.unknownCountries", { codes: unknown.join(", ") }),
      },
    });
  return wanted;
}

export async function replaceBundleCountries(tx: Database, bundleId: string, codes: string[]) {
  await tx.delete(bundleCountries).where(eq(bundleCountries.bundleId, bundleId));
  if (codes.length > 0)
    await tx.insert(bundleCountries).values(codes.map((countryCode) => ({ bundleId, countryCode })));
}
