// Super admins remove a chain no cinema belongs to; one with cinemas is refused with their number (merge it
// into another chain, or move its cinemas first).
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { cinemaChains } from "../../../db/schema/catalog.ts";
import type { Actor } from "../../access/actor.ts";
import { requireSuperAdmin } from "../../access/permissions.ts";
import { writeAuditLog } from "../../audit/write-audit-log.ts";
import { AppError } from "../../errors.ts";
import { parseInput } from "../../shared/input.ts";
import { cinemasOfChain, findChainForUpdate } from "./chains.ts";
import { deleteChainSchema } from "../catalog-schemas.ts";
import type { CatalogServices } from "../catalog-services.ts";

export async function deleteChain(
  services: CatalogServices,
  actor: Actor,
  input: z.input<typeof deleteChainSchema>,
): Promise<{ chainId: string; name: string }> {
  requireSuperAdmin(actor);
  const { chainId } = parseInput(deleteChainSchema, input);
  return services.db.transaction(async (tx) => {
    const current = await findChainForUpdate(tx, chainId);
    const members = await cinemasOfChain(tx, chainId);
    if (members > 0)
      throw new AppError("conflict", "studio.chains.hasCinemas", {
        values: { name: current.name, count: members },
      });
    await tx.delete(cinemaChains).where(eq(cinemaChains.id, chainId));
    await writeAuditLog(tx, actor, {
      action: "catalog.chain.delete",
      entityType: "cinema_chain",
      entityId: chainId,
      clientId: null,
      before: current,
    });
    return { chainId, name: current.name };
  });
}
