// Super admins add an attribute: a unique code, its category, its names, and the feed strings that mean it.
import type { z } from "zod";
import { attributes } from "../../../db/schema/catalog.ts";
import type { Actor } from "../../access/actor.ts";
import { requireSuperAdmin } from "../../access/permissions.ts";
import { writeAuditLog } from "../../audit/write-audit-log.ts";
import { parseInput } from "../../shared/input.ts";
import {
  attributeColumns,
  checkCodeFree,
  checkSynonymsFree,
  lockAttributes,
  type AttributeRecord,
} from "./attributes.ts";
import { attributeNames, createAttributeSchema } from "../catalog-schemas.ts";
import type { CatalogServices } from "../catalog-services.ts";

export async function createAttribute(
  services: CatalogServices,
  actor: Actor,
  input: z.input<typeof createAttributeSchema>,
): Promise<AttributeRecord> {
  requireSuperAdmin(actor);
  const data = parseInput(createAttributeSchema, input);
  return services.db.transaction(async (tx) => {
    await lockAttributes(tx);
    await checkCodeFree(tx, data.code);
    await checkSynonymsFree(tx, data.synonyms, []);
    const [created] = await tx
      .insert(attributes)
      .values({
        code: data.code,
        category: data.category,
        names: attributeNames(data),
        synonyms: data.synonyms,
      })
      .returning(attributeColumns);
    await writeAuditLog(tx, actor, {
      action: "catalog.attribute.create",
      entityType: "attribute",
      entityId: created!.id,
      clientId: null,
      after: created,
    });
    return created!;
  });
}
