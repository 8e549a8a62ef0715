// Super admins delete a bundle. One that clients have access rows for is refused (the rows would go with
// it, cascading): the message says how many clients depend on it.
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { bundles } from "../../../db/schema/catalog.ts";
import type { Actor } from "../../access/actor.ts";
import { requireSuperAdmin } from "../../access/permissions.ts";
import { writeAuditLog } from "../../audit/write-audit-log.ts";
import { AppError } from "../../errors.ts";
import { parseInput } from "../../shared/input.ts";
import { deleteBundleSchema } from "./country-schemas.ts";
import { bundleClientCount, bundleColumns, bundleCountryCodes, type CountryServices } from "./countries.ts";

export async function deleteBundle(
  services: Pick<CountryServices, "db">,
  actor: Actor,
  input: z.input<typeof deleteBundleSchema>,
): Promise<{ bundleId: string; name: string }> {
  requireSuperAdmin(actor);
  const { bundleId } = parseInput(deleteBundleSchema, input);
  return services.db.transaction(async (tx) => {
    const [row] = await tx.select(bundleColumns).from(bundles).where(eq(bundles.id, bundleId)).for("update");
    if (!row) throw new AppError("not_found", "countries.bundleNotFound");
    const clients = await bundleClientCount(tx, bundleId);
    if (clients > 0)
      throw new AppError("conflict", "countries.bundleInUse", { values: { count: clients, name: row.name } });
    const countries = (await bundleCountryCodes(tx, [bundleId])).get(bundleId) ?? [];
    await tx.delete(bundles).where(eq(bundles.id, bundleId));
    await writeAuditLog(tx, actor, {
      action: "catalog.bundle.delete",
      entityType: "bundle",
      entityId: bundleId,
      clientId: null,
      before: { ...row, countries },
    });
    return { bundleId, name: row.name };
  });
}
