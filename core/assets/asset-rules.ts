// What the media-library operations share: who may read and write which owner's assets, the columns
// they return, and the where-used counts.
//
// Scope (docs/decisions/010): a client's users read and change their effective client's assets only.
// A super admin with no effective client works on the platform's assets (owner null); acting for a
// client, a super admin sees that client's assets and the platform's, and uploads into the client.
import { and, count, eq, inArray, isNull, or, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { assets, assetVariants } from "../../db/schema/assets.ts";
import { cinemaChains, movies } from "../../db/schema/catalog.ts";
import type { Actor } from "../access/actor.ts";
import { can, requirePermission } from "../access/permissions.ts";
import { AppError } from "../errors.ts";
import type { AppServices } from "../services.ts";

export type AssetServices = Pick<AppServices, "db">;
export type Executor = Pick<Database, "select">;

/** The owners whose assets `actor` may see: its effective client, and for super admins the platform. */
export function readableScope(actor: Actor): SQL {
  if (actor.isSuperAdmin)
    return actor.effectiveClientId
      ? or(isNull(assets.ownerClientId), eq(assets.ownerClientId, actor.effectiveClientId))!
      : isNull(assets.ownerClientId);
  requirePermission(actor, "client.view");
  return eq(assets.ownerClientId, actor.effectiveClientId!);
}

/** May `actor` upload and delete? Editors and admins of the effective client, and super admins. */
export function canWriteAssets(actor: Actor): boolean {
  return actor.isSuperAdmin || can(actor, "assets.write");
}

/** The owner an upload goes to (null: the platform), after checking the actor may upload. */
export function uploadOwner(actor: Actor): string | null {
  if (!canWriteAssets(actor)) throw new AppError("forbidden", "access.forbidden");
  return actor.effectiveClientId;
}

export const assetColumns = {
  id: assets.id,
  kind: assets.kind,
  fileName: assets.fileName,
  mimeType: assets.mimeType,
  bytes: assets.bytes,
  width: assets.width,
  height: assets.height,
  storageKey: assets.storageKey,
  checksum: assets.checksum,
  ownerClientId: assets.ownerClientId,
  uploadedBy: assets.uploadedBy,
  createdAt: assets.createdAt,
};

export type AssetRecord = {
  id: string;
  kind: "poster" | "backdrop" | "logo" | "other";
  fileName: string;
  mimeType: string;
  bytes: number;
  width: number | null;
  height: number | null;
  storageKey: string;
  checksum: string;
  ownerClientId: string | null;
  uploadedBy: string | null;
  createdAt: Date;
};

/** Where the variants of an asset are: name → content hash and type (for mediaUrl). */
export type VariantRef = { contentHash: string; mimeType: string };
export type AssetVariants = { original: VariantRef; webp: VariantRef; thumbnail: VariantRef };

/**
 * Each asset's variants. A variant whose bytes equal another's is stored once (content hashes are
 * unique), so a missing thumbnail falls back to the WebP and that to the original.
 */
export async function variantsOf(db: Executor, assetIds: readonly string[]) {
  const result = new Map<string, AssetVariants>();
  if (assetIds.length === 0) return result;
  const rows = await db
    .select({
      assetId: assetVariants.assetId,
      variant: assetVariants.variant,
      contentHash: assetVariants.contentHash,
      mimeType: assetVariants.mimeType,
    })
    .from(assetVariants)
    .where(inArray(assetVariants.assetId, [...assetIds]));
  const byAsset = new Map<string, Partial<Record<string, VariantRef>>>();
  for (const row of rows) {
    const entry = byAsset.get(row.assetId) ?? {};
    entry[row.variant] = { contentHash: row.contentHash, mimeType: row.mimeType };
    byAsset.set(row.assetId, entry);
  }
  for (const [assetId, entry] of byAsset) {
    const original = entry.original;
    if (!original) continue;
    const webp = entry.webp ?? original;
    result.set(assetId, { original, webp, thumbnail: entry.thumbnail ?? webp });
  }
  return result;
}

/** How often each asset is used: movie posters and backdrops, chain logos. */
export async function usageCounts(db: Executor, assetIds: readonly string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (assetIds.length === 0) return counts;
  const ids = [...assetIds];
  const add = (rows: { id: string | null; n: number }[]) => {
    for (const row of rows) if (row.id) counts.set(row.id, (counts.get(row.id) ?? 0) + row.n);
  };
  const [posters, backdrops, logos] = await Promise.all([
    db
      .select({ id: movies.posterAssetId, n: count() })
      .from(movies)
      .where(inArray(movies.posterAssetId, ids))
      .groupBy(movies.posterAssetId),
    db
      .select({ id: movies.backdropAssetId, n: count() })
      .from(movies)
      .where(inArray(movies.backdropAssetId, ids))
      .groupBy(movies.backdropAssetId),
    db
      .select({ id: cinemaChains.logoAssetId, n: count() })
      .from(cinemaChains)
      .where(inArray(cinemaChains.logoAssetId, ids))
      .groupBy(cinemaChains.logoAssetId),
  ]);
  add(posters);
  add(backdrops);
  add(logos);
  return counts;
}

/** One asset the actor may see, or not_found (another client's asset is never confirmed to exist). */
export async function findReadableAsset(db: Executor, actor: Actor, assetId: string): Promise<AssetRecord> {
  const [row] = await db
    .select(assetColumns)
    .from(assets)
    .where(and(eq(assets.id, assetId), readableScope(actor)));
  if (!row) throw new AppError("not_found", "studio.assets.notFound");
  return row;
}
