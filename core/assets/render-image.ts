// The costly part of an upload: decoding the image and encoding its WebP and thumbnail with sharp. It runs
// in the image renderer's own process (image-renderer.ts), never on the server's thread pool, which also
// serves password hashing, compression and file reads.
import sharp, { type Sharp } from "sharp";
import type { AssetMimeType } from "./asset-schemas.ts";
import { sha256 } from "./content-hash.ts";

/** A decompression bomb stops here: 50 megapixels is far beyond any poster or backdrop. */
const MAX_PIXELS = 50_000_000;
export const THUMBNAIL_SIZE = 320;

export type PreparedVariant = {
  content: Buffer;
  mimeType: string;
  width: number;
  height: number;
  contentHash: string;
};

export type RenderedImage = {
  width: number;
  height: number;
  webp: PreparedVariant;
  thumbnail: PreparedVariant;
};

const SHARP_FORMAT: Record<AssetMimeType, string> = {
  "image/jpeg": "jpeg",
  "image/png": "png",
  "image/webp": "webp",
  "image/svg+xml": "svg",
};

async function encoded(image: Sharp, mimeType: string): Promise<PreparedVariant> {
  const { data, info } = await image.toBuffer({ resolveWithObject: true });
  return { content: data, mimeType, width: info.width, height: info.height, contentHash: sha256(data) };
}

/** The size and WebP variants of `original` (already sanitized when an SVG), or null when sharp cannot read it as `mimeType`. */
export async function renderImage(
  original: Uint8Array,
  mimeType: AssetMimeType,
): Promise<RenderedImage | null> {
  const open = () => sharp(original, { limitInputPixels: MAX_PIXELS, failOn: "error" });
  try {
    const metadata = await open().metadata();
    if (metadata.format !== SHARP_FORMAT[mimeType]) return null;
    // EXIF orientation: the size as the image is shown.
    const { width, height } = metadata.autoOrient;
    if (!width || !height) return null;
    const webp = await encoded(open().rotate().webp({ quality: 85 }), "image/webp");
    const thumbnail = await encoded(
      open()
        .rotate()
        .resize({ width: THUMBNAIL_SIZE, height: THUMBNAIL_SIZE, fit: "inside", withoutEnlargement: true })
        .webp({ quality: 75 }),
      "image/webp",
    );
    return { width, height, webp, thumbnail };
  } catch {
    // sharp could not decode the bytes as the type their signature claims: a broken or disguised file.
    return null;
  }
}
