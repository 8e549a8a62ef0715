// Super admins merge a duplicate attribute into another: showtimes that carry the merged-away code get the
// survivor's (once), the merged-away code and synonyms become the survivor's synonyms, and the merged-away
// row is deleted. One transaction: a feed never sees half a merge.
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
  findAttributeForUpdate,
  lockAttributes,
  type AttributeRecord,
} from "./attributes.ts";
import { mergeAttributesSchema, normalizeSynonyms } from "../catalog-schemas.ts";
import { type CatalogServices, invalidateCatalogReaders } from "../catalog-services.ts";

export async function mergeAttributes(
  services: CatalogServices,
  actor: Actor,
  input: z.input<typeof mergeAttributesSchema>,
): Promise<{ survivor: AttributeRecord; mergedCode: string; showtimesChanged: number }> {
  requireSuperAdmin(actor);
  const { sourceId, targetId } = parseInput(mergeAttributesSchema, input);
  const result = await services.db.transaction(async (tx) => {
    await lockAttributes(tx);
    const source = await findAttributeForUpdate(tx, sourceId);
    const target = await findAttributeForUpdate(tx, targetId);
    const carriesSource = sql`${showtimes.attributes} @> array[${source.code}]::text[]`;
    const changed = await tx
      .update(showtimes)
      .set({
        // A showtime that already carries the survivor keeps it once.
        attributes: sql`case when ${showtimes.attributes} @> array[${target.code}]::text[]
          then array_remove(${showtimes.attributes}, ${source.code})
          else array_replace(${showtimes.attributes}, ${source.code}, ${target.code}) end`,
      })
      .where(carriesSource)
      .returning({ id: showtimes.id });
    await tx.delete(attributes).where(eq(attributes.id, sourceId));
    const synonyms = normalizeSynonyms([...target.synonyms, source.code, ...source.synonyms]).filter(
      (s) => s !== target.code,
    );
    const [survivor] = await tx
      .update(attributes)
      .set({ synonyms })
      .where(eq(attributes.id, targetId))
      .returning(attributeColumns);
    await writeAuditLog(tx, actor, {
      action: "catalog.attribute.merge",
      entityType: "attribute",
      entityId: targetId,
      clientId: null,
      before: { merged: source, survivor: target },
      after: { survivor, showtimesChanged: changed.length },
    });
    return { survivor: survivor!, mergedCode: source.code, showtimesChanged: changed.length };
  });
  await invalidateCatalogReaders(services);
  return result;
}
