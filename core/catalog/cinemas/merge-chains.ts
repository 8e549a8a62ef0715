// Super admins merge a duplicate chain into another: its cinemas and feeds move to the survivor, which
// gains its countries (and its website, Wikidata item and logo where it has none); then it is deleted.
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { cinemaChains, cinemas } from "../../../db/schema/catalog.ts";
import { sources } from "../../../db/schema/ingest.ts";
import type { Actor } from "../../access/actor.ts";
import { requireSuperAdmin } from "../../access/permissions.ts";
import { writeAuditLog } from "../../audit/write-audit-log.ts";
import { parseInput } from "../../shared/input.ts";
import { chainColumns, findChainForUpdate, lockChains, type ChainRecord } from "./chains.ts";
import { mergeChainsSchema } from "../catalog-schemas.ts";
import type { CatalogServices } from "../catalog-services.ts";

export async function mergeChains(
  services: CatalogServices,
  actor: Actor,
  input: z.input<typeof mergeChainsSchema>,
): Promise<{ survivor: ChainRecord; mergedName: string; cinemasMoved: number }> {
  requireSuperAdmin(actor);
  const { sourceId, targetId } = parseInput(mergeChainsSchema, input);
  return services.db.transaction(async (tx) => {
    await lockChains(tx);
    const source = await findChainForUpdate(tx, sourceId);
    const target = await findChainForUpdate(tx, targetId);
    const moved = await tx
      .update(cinemas)
      .set({ chainId: targetId })
      .where(eq(cinemas.chainId, sourceId))
      .returning({ id: cinemas.id });
    await tx.update(sources).set({ chainId: targetId }).where(eq(sources.chainId, sourceId));
    await tx.delete(cinemaChains).where(eq(cinemaChains.id, sourceId));
    const [survivor] = await tx
      .update(cinemaChains)
      .set({
        countries: [...new Set([...target.countries, ...source.countries])].sort(),
        // Feeds that named the merged chain (by its name or a synonym) now find the survivor.
        synonyms: [
          ...new Set([...target.synonyms, ...source.synonyms, source.name.trim().toLowerCase()]),
        ].filter((synonym) => synonym !== target.name.trim().toLowerCase()),
        website: target.website ?? source.website,
        wikidataId: target.wikidataId ?? source.wikidataId,
        logoAssetId: target.logoAssetId ?? source.logoAssetId,
      })
      .where(eq(cinemaChains.id, targetId))
      .returning(chainColumns);
    await writeAuditLog(tx, actor, {
      action: "catalog.chain.merge",
      entityType: "cinema_chain",
      entityId: targetId,
      clientId: null,
      before: { merged: source, survivor: target },
      after: { survivor, cinemasMoved: moved.length, cinemaIds: moved.map((m) => m.id) },
    });
    return { survivor: survivor!, mergedName: source.name, cinemasMoved: moved.length };
  });
}
