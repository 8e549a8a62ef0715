// Super admins create a bundle: a named set of countries with a price, granted to clients as one.
import type { z } from "zod";
import { bundles } from "../../../db/schema/catalog.ts";
import type { Actor } from "../../access/actor.ts";
import { requireSuperAdmin } from "../../access/permissions.ts";
import { writeAuditLog } from "../../audit/write-audit-log.ts";
import { priceInMinorUnits } from "../../credits/credit-schemas.ts";
import { parseInput } from "../../shared/input.ts";
import { replaceBundleCountries, requireFreeBundleName, requireKnownCountries } from "./bundles.ts";
import { createBundleSchema } from "./country-schemas.ts";
import { bundleColumns, type BundleRecord, type CountryServices } from "./countries.ts";

export async function createBundle(
  services: Pick<CountryServices, "db">,
  actor: Actor,
  input: z.input<typeof createBundleSchema>,
): Promise<BundleRecord> {
  requireSuperAdmin(actor);
  const data = parseInput(createBundleSchema, input);
  return services.db.transaction(async (tx) => {
    await requireFreeBundleName(tx, data.name);
    const codes = await requireKnownCountries(tx, data.countries);
    const [row] = await tx
      .insert(bundles)
      .values({
        name: data.name,
        description: data.description,
        // Checked by the schema: an amount in range.
        price: priceInMinorUnits(data.price, data.currency)!,
        currency: data.currency,
      })
      .returning(bundleColumns);
    await replaceBundleCountries(tx, row!.id, codes);
    const bundle = { ...row!, countries: codes };
    await writeAuditLog(tx, actor, {
      action: "catalog.bundle.create",
      entityType: "bundle",
      entityId: bundle.id,
      clientId: null,
      after: bundle,
    });
    return bundle;
  });
}
