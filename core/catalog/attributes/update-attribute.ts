// Super admins edit an attribute. A new code is written into the showtimes that carry the old one, so
// nothing points at a code that no longer exists.
import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { attributes } from "../../../db/schema/catalog.ts";
import { showtimes } from "../../../db/schema/showtimes.ts";
import type { Actor } from "../../access/actor.ts";
import { requireSuperAdmin } from "../../access/permissions.ts";
import { writeAuditLog } from "../../audit/write-audit-log.ts";
import { parseInput } from "../../shared/input.ts";
import {
  attributeColumns,
  checkCodeFree,
  checkSynonymsFree,
  findAttributeForUpdate,
  lockAttributes,
  type AttributeRecord,
} from "./attributes.ts";
import { attributeNames, updateAttributeSchema } from "../catalog-schemas.ts";
import { type CatalogServices, invalidateCatalogReaders } from "../catalog-services.ts";

export async function updateAttribute(
  services: CatalogServices,
  actor: Actor,
  input: z.input<typeof updateAttributeSchema>,
): Promise<AttributeRecord> {
  requireSuperAdmin(actor);
  const { attributeId, ...data } = parseInput(updateAttributeSchema, input);
  const result = await services.db.transaction(async (tx) => {
    await lockAttributes(tx);
    const current = await findAttributeForUpdate(tx, attributeId);
    if (data.code !== current.code) await checkCodeFree(tx, data.code, attributeId);
    await checkSynonymsFree(tx, data.synonyms, [attributeId]);
    const [updated] = await tx
      .update(attributes)
      .set({ code: data.code, category: data.category, names: attributeNames(data), synonyms: data.synonyms })
      .where(eq(attributes.id, attributeId))
      .returning(attributeColumns);
    if (data.code !== current.code)
      await tx
        .update(showtimes)
        .set({ attributes: sql`array_replace(${showtimes.attributes}, ${current.code}, ${data.code})` })
        .where(sql`${showtimes.attributes} @> array[${current.code}]::text[]`);
    await writeAuditLog(tx, actor, {
      action: "catalog.attribute.update",
      entityType: "attribute",
      entityId: attributeId,
      clientId: null,
      before: current,
      after: updated,
    });
    return updated!;
  });
  await invalidateCatalogReaders(services);
  return result;
}
