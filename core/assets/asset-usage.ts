// Where an asset is used: as the poster or backdrop of movies, as the logo of cinema chains. The detail
// dialog lists it, and a delete is refused while anything uses the asset.
import { asc, eq } from "drizzle-orm";
import { cinemaChains, movies } from "../../db/schema/catalog.ts";
import type { Actor } from "../access/actor.ts";
import { idSchema } from "../forms/fields.ts";
import { parseInput } from "../shared/input.ts";
import { z } from "zod";
import { type AssetServices, type Executor, findReadableAsset } from "./asset-rules.ts";

export type AssetUse = { role: "poster" | "backdrop" | "logo"; id: string; name: string };

export type AssetUsage = { poster: AssetUse[]; backdrop: AssetUse[]; logo: AssetUse[]; total: number };

/** Every use of `assetId` (no permission check: for the operations that made theirs). */
export async function usesOf(db: Executor, assetId: string): Promise<AssetUsage> {
  const [posters, backdrops, logos] = await Promise.all([
    db
      .select({ id: movies.id, name: movies.title })
      .from(movies)
      .where(eq(movies.posterAssetId, assetId))
      .orderBy(asc(movies.title)),
    db
      .select({ id: movies.id, name: movies.title })
      .from(movies)
      .where(eq(movies.backdropAssetId, assetId))
      .orderBy(asc(movies.title)),
    db
      .select({ id: cinemaChains.id, name: cinemaChains.name })
      .from(cinemaChains)
      .where(eq(cinemaChains.logoAssetId, assetId))
      .orderBy(asc(cinemaChains.name)),
  ]);
  const poster = posters.map((m) => ({ role: "poster" as const, ...m }));
  const backdrop = backdrops.map((m) => ({ role: "backdrop" as const, ...m }));
  const logo = logos.map((c) => ({ role: "logo" as const, ...c }));
  return { poster, backdrop, logo, total: poster.length + backdrop.length + logo.length };
}

const inputSchema = z.object({ assetId: idSchema });

/** Where an asset the actor may see is used. */
export async function assetUsage(
  { db }: AssetServices,
  actor: Actor,
  input: z.input<typeof inputSchema>,
): Promise<AssetUsage> {
  const { assetId } = parseInput(inputSchema, input);
  await findReadableAsset(db, actor, assetId);
  return usesOf(db, assetId);
}

/** The names of some uses, for a refusal: at most five, then "…". */
export function usageNames(uses: readonly AssetUse[]): string {
  const names = uses.slice(0, 5).map((use) => use.name);
  return uses.length > 5 ? `${names.join(", ")}, …` : names.join(", ");
}
