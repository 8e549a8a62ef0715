// Super admins edit a country: name, enabled, default locale, time zone, currency. Disabling a country
// that clients can read takes it away from them, so it needs `confirmDisable` (the page states how many).
// Enabling or disabling one changes what API keys may read: their cached lookups are dropped at once.
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { countries } from "../../../db/schema/catalog.ts";
import type { Actor } from "../../access/actor.ts";
import { requireSuperAdmin } from "../../access/permissions.ts";
import { writeAuditLog } from "../../audit/write-audit-log.ts";
import { AppError } from "../../errors.ts";
import { messageRef } from "../../i18n/message-ref.ts";
import { parseInput } from "../../shared/input.ts";
import { updateCountrySchema } from "./country-schemas.ts";
import {
  countryClientCount,
  countryColumns,
  utcToday,
  type CountryServices,
  type CountryRecord,
} from "./countries.ts";

export async function updateCountry(
  services: CountryServices,
  actor: Actor,
  input: z.input<typeof updateCountrySchema>,
): Promise<CountryRecord & { clientsAffected: number }> {
  requireSuperAdmin(actor);
  const { code, confirmDisable, ...data } = parseInput(updateCountrySchema, input);
  const saved = await saveCountry(services, actor, code, confirmDisable, data);
  if (saved.enabledChanged) await services.apiKeys.invalidateAll();
  return saved.country;
}

async function saveCountry(
  services: Pick<CountryServices, "db" | "now">,
  actor: Actor,
  code: string,
  confirmDisable: boolean | undefined,
  data: Omit<z.output<typeof updateCountrySchema>, "code" | "confirmDisable">,
) {
  return services.db.transaction(async (tx) => {
    const [current] = await tx
      .select(countryColumns)
      .from(countries)
      .where(eq(countries.code, code))
      .for("update");
    if (!current) throw new AppError("not_found", "countries.countryNotFound", { values: { code } });
    const disabling = current.enabled && !data.enabled;
    const clientsAffected = disabling ? await countryClientCount(tx, code, utcToday(services.now())) : 0;
    if (clientsAffected > 0 && !confirmDisable)
      throw new AppError("conflict", "countries.disableNeedsConfirmation", {
        values: { count: clientsAffected, name: current.name },
        fieldErrors: {
          confirmDisable: messageRef("studio.countries.validation.confirmDisable", {
            count: clientsAffected,
          }),
        },
      });
    const [country] = await tx
      .update(countries)
      .set(data)
      .where(eq(countries.code, code))
      .returning(countryColumns);
    await writeAuditLog(tx, actor, {
      action: "catalog.country.update",
      entityType: "country",
      entityId: code,
      clientId: null,
      before: current,
      after: disabling ? { ...country, clientsAffected } : country,
    });
    return {
      country: { ...country!, clientsAffected },
      enabledChanged: current.enabled !== country!.enabled,
    };
  });
}
