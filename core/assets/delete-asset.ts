// Editors and admins remove one of their client's assets, super admins any they can see; an asset that is
// a poster, backdrop or logo somewhere is refused with where it is used (choose another image there first).
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import { assets } from "../../db/schema/assets.ts";
import type { Actor } from "../access/actor.ts";
import { writeAuditLog } from "../audit/write-audit-log.ts";
import { AppError } from "../errors.ts";
import { parseInput } from "../shared/input.ts";
import { deleteAssetSchema } from "./asset-schemas.ts";
import { usageNames, usesOf } from "./asset-usage.ts";
import { assetColumns, type AssetServices, canWriteAssets, readableScope } from "./asset-rules.ts";

export async function deleteAsset(
  services: AssetServices,
  actor: Actor,
  input: z.input<typeof deleteAssetSchema>,
): Promise<{ assetId: string; fileName: string }> {
  if (!canWriteAssets(actor)) throw new AppError("forbidden", "access.forbidden");
  const { assetId } = parseInput(deleteAssetSchema, input);
  return services.db.transaction(async (tx) => {
    const [current] = await tx
      .select(assetColumns)
      .from(assets)
      .where(and(eq(assets.id, assetId), readableScope(actor)))
      .for("update");
    if (!current) throw new AppError("not_found", "studio.assets.notFound");
    const usage = await usesOf(tx, assetId);
    if (usage.total > 0)
      throw new AppError("conflict", "studio.assets.inUse", {
        values: {
          name: current.fileName,
          posters: usage.poster.length,
          posterNames: usageNames(usage.poster),
          backdrops: usage.backdrop.length,
          backdropNames: usageNames(usage.backdrop),
          logos: usage.logo.length,
          logoNames: usageNames(usage.logo),
        },
      });
    // The variants go with it (on delete cascade).
    await tx.delete(assets).where(eq(assets.id, assetId));
    await writeAuditLog(tx, actor, {
      action: "asset.delete",
      entityType: "asset",
      entityId: assetId,
      clientId: current.ownerClientId,
      before: current,
    });
    return { assetId, fileName: current.fileName };
  });
}
