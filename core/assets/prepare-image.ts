// Turns the bytes of an upload into what the library stores: the original (an SVG sanitized), its size in
// pixels, a WebP of the whole image and a WebP thumbnail. The type is decided by content; bytes sharp
// cannot read as that type are not an image.
import { createHash } from "node:crypto";
import sharp, { type Sharp } from "sharp";
import { sniffImageType, type AssetMimeType } from "./asset-forms.ts";
import { sanitizeSvg } from "./sanitize-svg.ts";

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

export type PreparedImage = {
  mimeType: AssetMimeType;
  width: number;
  height: number;
  original: PreparedVariant;
  webp: PreparedVariant;
  thumbnail: PreparedVariant;
};

export const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

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

/** The stored form of `bytes`, or null when they are not a JPEG, PNG, WebP or SVG image. */
export async function prepareImage(bytes: Uint8Array): Promise<PreparedImage | null> {
  const mimeType = sniffImageType(bytes);
  if (!mimeType) return null;
  let original: Buffer;
  if (mimeType === "image/svg+xml") {
    const clean = sanitizeSvg(new TextDecoder("utf-8", { fatal: false }).decode(bytes));
    if (!clean) return null;
    original = Buffer.from(clean, "utf8");
  } else {
    original = Buffer.from(bytes);
  }
  const open = () => sharp(original, { limitInputPixels: MAX_PIXELS, failOn: "error" });
  try {
    const metadata = await open().metadata();
    if (metadata.format !== SHARP_FORMAT[mimeType]) return null;
    // EXIF orientation: the size as the image is shown.
    const { width, height } = metadata.autoOrient;
    if (!width || !height) return null;
    const [webp, thumbnail] = await Promise.all([
      encoded(open().rotate().webp({ quality: 85 }), "image/webp"),
      encoded(
        open()
          .rotate()
          .resize({ width: THUMBNAIL_SIZE, height: THUMBNAIL_SIZE, fit: "inside", withoutEnlargement: true })
          .webp({ quality: 75 }),
        "image/webp",
      ),
    ]);
    return {
      mimeType,
      width,
      height,
      original: { content: original, mimeType, width, height, contentHash: sha256(original) },
      webp,
      thumbnail,
    };
  } catch {
    // sharp could not decode the bytes as the type their signature claims: a broken or disguised file.
    return null;
  }
}
