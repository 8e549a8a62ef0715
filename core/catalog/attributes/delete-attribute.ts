// Super admins remove an attribute no showtime carries; one in use is refused with the count (merge it
// into another attribute instead).
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { attributes } from "../../../db/schema/catalog.ts";
import type { Actor } from "../../access/actor.ts";
import { requireSuperAdmin } from "../../access/permissions.ts";
import { writeAuditLog } from "../../audit/write-audit-log.ts";
import { AppError } from "../../errors.ts";
import { parseInput } from "../../shared/input.ts";
import { findAttributeForUpdate, lockAttributes, showtimesWithAttribute } from "./attributes.ts";
import { deleteAttributeSchema } from "../catalog-schemas.ts";
import { type CatalogServices, invalidateCatalogReaders } from "../catalog-services.ts";

export async function deleteAttribute(
  services: CatalogServices,
  actor: Actor,
  input: z.input<typeof deleteAttributeSchema>,
): Promise<{ attributeId: string; code: string }> {
  requireSuperAdmin(actor);
  const { attributeId } = parseInput(deleteAttributeSchema, input);
  const result = await services.db.transaction(async (tx) => {
    await lockAttributes(tx);
    const current = await findAttributeForUpdate(tx, attributeId);
    const used = await showtimesWithAttribute(tx, current.code);
    if (used > 0)
      throw new AppError("conflict", "studio.attributes.inUse", {
        values: { code: current.code, count: used },
      });
    await tx.delete(attributes).where(eq(attributes.id, attributeId));
    await writeAuditLog(tx, actor, {
      action: "catalog.attribute.delete",
      entityType: "attribute",
      entityId: attributeId,
      clientId: null,
      before: current,
    });
    return { attributeId, code: current.code };
  });
  await invalidateCatalogReaders(services);
  return result;
}
