// The bytes behind a /media URL: one stored variant by its content hash. Public on purpose: the hash is
// unguessable, and posters and logos appear on the public site (docs/decisions/010).
import { eq } from "drizzle-orm";
import { assetVariants } from "../../db/schema/assets.ts";
import type { AssetServices } from "./asset-rules.ts";

export const CONTENT_HASH = /^[0-9a-f]{64}$/;

export type MediaFile = { contentHash: string; mimeType: string; content: Buffer };

export async function readMedia({ db }: AssetServices, contentHash: string): Promise<MediaFile | null> {
  if (!CONTENT_HASH.test(contentHash)) return null;
  const [row] = await db
    .select({
      contentHash: assetVariants.contentHash,
      mimeType: assetVariants.mimeType,
      content: assetVariants.content,
    })
    .from(assetVariants)
    .where(eq(assetVariants.contentHash, contentHash))
    // Identical bytes in two libraries: either row serves them.
    .limit(1);
  return row ?? null;
}
