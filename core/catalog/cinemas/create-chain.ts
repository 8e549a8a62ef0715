// Super admins add a cinema chain: a name, a unique slug, its website and Wikidata item, its countries.
import type { z } from "zod";
import { cinemaChains } from "../../../db/schema/catalog.ts";
import type { Actor } from "../../access/actor.ts";
import { requireSuperAdmin } from "../../access/permissions.ts";
import { writeAuditLog } from "../../audit/write-audit-log.ts";
import { parseInput } from "../../shared/input.ts";
import {
  chainColumns,
  checkCountriesExist,
  checkSlugFree,
  type ChainRecord,
  checkChainSynonymsFree,
  lockChains,
} from "./chains.ts";
import { createChainSchema } from "../catalog-schemas.ts";
import type { CatalogServices } from "../catalog-services.ts";

export async function createChain(
  services: CatalogServices,
  actor: Actor,
  input: z.input<typeof createChainSchema>,
): Promise<ChainRecord> {
  requireSuperAdmin(actor);
  const data = parseInput(createChainSchema, input);
  return services.db.transaction(async (tx) => {
    await lockChains(tx);
    await checkSlugFree(tx, data.slug);
    await checkChainSynonymsFree(tx, data.synonyms, []);
    await checkCountriesExist(tx, data.countries);
    const [created] = await tx
      .insert(cinemaChains)
      .values({
        name: data.name,
        slug: data.slug,
        website: data.website ?? null,
        wikidataId: data.wikidataId ?? null,
        countries: data.countries,
        synonyms: data.synonyms,
      })
      .returning(chainColumns);
    await writeAuditLog(tx, actor, {
      action: "catalog.chain.create",
      entityType: "cinema_chain",
      entityId: created!.id,
      clientId: null,
      after: created,
    });
    return created!;
  });
}
