// Super admins edit a bundle: name, description, price, and its countries (clients granted the bundle
// read the new set from then on: cached API key lookups are dropped at once).
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { bundles } from "../../../db/schema/catalog.ts";
import type { Actor } from "../../access/actor.ts";
import { requireSuperAdmin } from "../../access/permissions.ts";
import { writeAuditLog } from "../../audit/write-audit-log.ts";
import { priceInMinorUnits } from "../../credits/credit-schemas.ts";
import { AppError } from "../../errors.ts";
import { parseInput } from "../../shared/input.ts";
import { replaceBundleCountries, requireFreeBundleName, requireKnownCountries } from "./bundles.ts";
import { updateBundleSchema } from "./country-schemas.ts";
import { bundleColumns, bundleCountryCodes, type BundleRecord, type CountryServices } from "./countries.ts";

export async function updateBundle(
  services: Pick<CountryServices, "db" | "apiKeys">,
  actor: Actor,
  input: z.input<typeof updateBundleSchema>,
): Promise<BundleRecord> {
  requireSuperAdmin(actor);
  const { bundleId, ...data } = parseInput(updateBundleSchema, input);
  const bundle = await saveBundle(services, actor, bundleId, data);
  await services.apiKeys.invalidateAll();
  return bundle;
}

async function saveBundle(
  services: Pick<CountryServices, "db">,
  actor: Actor,
  bundleId: string,
  data: Omit<z.output<typeof updateBundleSchema>, "bundleId">,
): Promise<BundleRecord> {
  return services.db.transaction(async (tx) => {
    const [row] = await tx.select(bundleColumns).from(bundles).where(eq(bundles.id, bundleId)).for("update");
    if (!row) throw new AppError("not_found", "countries.bundleNotFound");
    const current = { ...row, countries: (await bundleCountryCodes(tx, [bundleId])).get(bundleId) ?? [] };
    await requireFreeBundleName(tx, data.name, bundleId);
    const codes = await requireKnownCountries(tx, data.countries);
    const [updated] = await tx
      .update(bundles)
      .set({
        name: data.name,
        description: data.description,
        // Checked by the schema: an amount in range.
        price: priceInMinorUnits(data.price, data.currency)!,
        currency: data.currency,
      })
      .where(eq(bundles.id, bundleId))
      .returning(bundleColumns);
    await replaceBundleCountries(tx, bundleId, codes);
    const bundle = { ...updated!, countries: codes };
    await writeAuditLog(tx, actor, {
      action: "catalog.bundle.update",
      entityType: "bundle",
      entityId: bundleId,
      clientId: null,
      before: current,
      after: bundle,
    });
    return bundle;
  });
}
