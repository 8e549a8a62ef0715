// Turns the bytes of an upload into what the library stores: the original (an SVG sanitized), its size in
// pixels, a WebP of the whole image and a WebP thumbnail. The type is decided by content; bytes the
// renderer cannot read as that type are not an image. Rendering happens in the image renderer's process.
import { sniffImageType, type AssetMimeType } from "./asset-schemas.ts";
import type { ImageRenderer } from "./image-renderer.ts";
import { sha256 } from "./content-hash.ts";
import type { PreparedVariant } from "./render-image.ts";
import { sanitizeSvg } from "./sanitize-svg.ts";

export type PreparedImage = {
  mimeType: AssetMimeType;
  width: number;
  height: number;
  original: PreparedVariant;
  webp: PreparedVariant;
  thumbnail: PreparedVariant;
};

export type PrepareOutcome =
  { ok: true; image: PreparedImage } | { ok: false; reason: "not-an-image" | "too-complex" | "busy" };

/** The stored form of `bytes`, or why there is none. */
export async function prepareImage(renderer: ImageRenderer, bytes: Uint8Array): Promise<PrepareOutcome> {
  const mimeType = sniffImageType(bytes);
  if (!mimeType) return { ok: false, reason: "not-an-image" };
  let original: Buffer;
  if (mimeType === "image/svg+xml") {
    const clean = sanitizeSvg(new TextDecoder("utf-8", { fatal: false }).decode(bytes));
    if (!clean) return { ok: false, reason: "not-an-image" };
    original = Buffer.from(clean, "utf8");
  } else {
    original = Buffer.from(bytes);
  }
  const rendered = await renderer.render(original, mimeType);
  if (!rendered.ok)
    return { ok: false, reason: rendered.reason === "unreadable" ? "not-an-image" : rendered.reason };
  const { width, height, webp, thumbnail } = rendered.image;
  return {
    ok: true,
    image: {
      mimeType,
      width,
      height,
      original: { content: original, mimeType, width, height, contentHash: sha256(original) },
      webp,
      thumbnail,
    },
  };
}
