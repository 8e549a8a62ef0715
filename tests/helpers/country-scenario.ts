// What the countries and bundles tests share (core/catalog/countries/*.test.ts): the tenancy scenario and
// four countries, one of them disabled; the Netherlands as the country form posts it.
import { countries } from "../../db/schema/catalog.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { createScenario } from "../../core/tenancy/tenancy-test-fixtures.ts";

export const NOW = new Date("2026-11-24T10:00:00Z");

/** The tenancy scenario (two clients with their members, a super admin); NL, BE and DK, and AL disabled. */
export async function countryScenario(db: DatabaseHandle["db"]) {
  const s = await createScenario(db);
  await db.insert(countries).values([
    {
      code: "NL",
      name: "Netherlands",
      defaultLocale: "nl",
      timeZone: "Europe/Amsterdam",
      currency: "EUR",
    },
    { code: "BE", name: "Belgium", defaultLocale: "nl", timeZone: "Europe/Brussels", currency: "EUR" },
    { code: "DK", name: "Denmark", defaultLocale: "da", timeZone: "Europe/Copenhagen", currency: "DKK" },
    {
      code: "AL",
      name: "Albania",
      enabled: false,
      defaultLocale: "sq",
      timeZone: "Europe/Tirane",
      currency: "ALL",
    },
  ]);
  return s;
}

export const nl = {
  code: "NL",
  name: "Netherlands",
  enabled: "on" as const,
  defaultLocale: "nl",
  timeZone: "Europe/Amsterdam",
  currency: "EUR",
};
