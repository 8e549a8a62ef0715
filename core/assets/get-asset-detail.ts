// One asset the actor may see, for the library's detail dialog: its metadata, its variants and where
// it is used. Another client's asset is not_found.
import { z } from "zod";
import type { Actor } from "../access/actor.ts";
import { idSchema } from "../forms/fields.ts";
import { parseInput } from "../shared/input.ts";
import { type AssetUsage, usesOf } from "./asset-usage.ts";
import {
  type AssetRecord,
  type AssetServices,
  type AssetVariants,
  findReadableAsset,
  variantsOf,
} from "./asset-rules.ts";
import { AppError } from "../errors.ts";

const inputSchema = z.object({ assetId: idSchema });

export type AssetDetail = AssetRecord & { variants: AssetVariants; usage: AssetUsage };

export async function getAssetDetail(
  { db }: AssetServices,
  actor: Actor,
  input: z.input<typeof inputSchema>,
): Promise<AssetDetail> {
  const { assetId } = parseInput(inputSchema, input);
  const asset = await findReadableAsset(db, actor, assetId);
  const [variants, usage] = await Promise.all([variantsOf(db, [asset.id]), usesOf(db, asset.id)]);
  const refs = variants.get(asset.id);
  if (!refs) throw new AppError("not_found", "studio.assets.notFound");
  return { ...asset, variants: refs, usage };
}
