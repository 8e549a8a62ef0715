// Super admins add a country (its ISO 3166-1 alpha-2 code, unique) with its locale, time zone and currency.
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { countries } from "../../../db/schema/catalog.ts";
import type { Actor } from "../../access/actor.ts";
import { requireSuperAdmin } from "../../access/permissions.ts";
import { writeAuditLog } from "../../audit/write-audit-log.ts";
import { AppError } from "../../errors.ts";
import { messageRef } from "../../i18n/message-ref.ts";
import { parseInput } from "../../shared/input.ts";
import { createCountrySchema } from "./country-schemas.ts";
import { countryColumns, type CountryServices, type CountryRecord } from "./countries.ts";

export async function createCountry(
  services: Pick<CountryServices, "db">,
  actor: Actor,
  input: z.input<typeof createCountrySchema>,
): Promise<CountryRecord> {
  requireSuperAdmin(actor);
  const data = parseInput(createCountrySchema, input);
  return services.db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ code: countries.code })
      .from(countries)
      .where(eq(countries.code, data.code));
    if (existing)
      throw new AppError("conflict", "countries.codeTaken", {
        values: { code: data.code },
        fieldErrors: { code: messageRef("studio.countries.validation.codeTaken", { code: data.code }) },
      });
    const [country] = await tx.insert(countries).values(data).returning(countryColumns);
    await writeAuditLog(tx, actor, {
      action: "catalog.country.create",
      entityType: "country",
      entityId: data.code,
      clientId: null,
      after: country,
    });
    return country!;
  });
}
