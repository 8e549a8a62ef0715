// Super admins edit a cinema chain (its logo is kept: assets are managed on their own page).
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { cinemaChains } from "../../../db/schema/catalog.ts";
import type { Actor } from "../../access/actor.ts";
import { requireSuperAdmin } from "../../access/permissions.ts";
import { writeAuditLog } from "../../audit/write-audit-log.ts";
import { parseInput } from "../../shared/input.ts";
import {
  chainColumns,
  checkChainSynonymsFree,
  checkCountriesExist,
  checkSlugFree,
  findChainForUpdate,
  lockChains,
  type ChainRecord,
} from "./chains.ts";
import { updateChainSchema } from "../catalog-schemas.ts";
import type { CatalogServices } from "../catalog-services.ts";

export async function updateChain(
  services: CatalogServices,
  actor: Actor,
  input: z.input<typeof updateChainSchema>,
): Promise<ChainRecord> {
  requireSuperAdmin(actor);
  const { chainId, ...data } = parseInput(updateChainSchema, input);
  return services.db.transaction(async (tx) => {
    await lockChains(tx);
    const current = await findChainForUpdate(tx, chainId);
    if (data.slug !== current.slug) await checkSlugFree(tx, data.slug, chainId);
    await checkChainSynonymsFree(tx, data.synonyms, [chainId]);
    await checkCountriesExist(tx, data.countries);
    const [updated] = await tx
      .update(cinemaChains)
      .set({
        name: data.name,
        slug: data.slug,
        website: data.website ?? null,
        wikidataId: data.wikidataId ?? null,
        countries: data.countries,
        synonyms: data.synonyms,
      })
      .where(eq(cinemaChains.id, chainId))
      .returning(chainColumns);
    await writeAuditLog(tx, actor, {
      action: "catalog.chain.update",
      entityType: "cinema_chain",
      entityId: chainId,
      clientId: null,
      before: current,
      after: updated,
    });
    return updated!;
  });
}
