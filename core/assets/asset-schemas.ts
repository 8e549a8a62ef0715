// The media library's forms and limits, shared by the browser (the drop zone's pre-check) and the server
// (the operations check again). Browser-safe: zod and plain values, no Node APIs.
import { z } from "zod";
import { idSchema } from "../forms/fields.ts";

/** The values of the database enum asset_kind. */
export const ASSET_KINDS = ["poster", "backdrop", "logo", "other"] as const;
export type AssetKind = (typeof ASSET_KINDS)[number];

/** The largest file the library accepts: 10 MB (docs/decisions/010). */
export const MAX_ASSET_MEGABYTES = 10;
export const MAX_ASSET_BYTES = MAX_ASSET_MEGABYTES * 1024 * 1024;

export const ASSET_MIME_TYPES = ["image/jpeg", "image/png", "image/webp", "image/svg+xml"] as const;
export type AssetMimeType = (typeof ASSET_MIME_TYPES)[number];

/** The file chooser's accept list: the types, and their usual extensions for systems that only know those. */
export const ASSET_ACCEPT = [...ASSET_MIME_TYPES, ".jpg", ".jpeg", ".png", ".webp", ".svg"].join(",");

export const uploadAssetSchema = z.object({
  kind: z.enum(ASSET_KINDS, { error: "studio.assets.validation.kindRequired" }),
});

export const deleteAssetSchema = z.object({ assetId: idSchema });

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

/** How many leading bytes sniffImageType needs to decide (an SVG's root element may follow a long prologue). */
export const SNIFF_BYTES = 4096;

/**
 * The image type by content, never by name or declared type: the JPEG, PNG and WebP signatures, or text
 * whose first element (after an XML declaration, comments and a doctype) is <svg>. The server parses an
 * SVG fully before it keeps it; this is the quick first look both sides share.
 */
export function sniffImageType(bytes: Uint8Array): AssetMimeType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return "image/webp";
  const head = new TextDecoder("utf-8", { fatal: false }).decode(bytes.subarray(0, SNIFF_BYTES));
  const prologue = head
    .replace(/^\uFEFF/, "")
    .replace(/^\s*<\?xml[^>]*\?>/, "")
    .replace(/^(?:\s*<!--[\s\S]*?-->|\s*<!DOCTYPE[^>[]*(?:\[[\s\S]*?\])?\s*>)*/i, "");
  return /^\s*<svg[\s>/]/.test(prologue) ? "image/svg+xml" : null;
}

/**
 * A file size for people in `lang` (a BCP 47 tag; 1 kB = 1024 bytes): "1.4 MB", "820 kB", "512 byte" (en),
 * "1,4 MB" (de), "1,4 Mo" (fr).
 */
export function formatBytes(bytes: number, lang = "en"): string {
  const [value, unit, digits] =
    bytes >= 1024 * 1024
      ? [bytes / (1024 * 1024), "megabyte", 1]
      : bytes >= 1024
        ? [bytes / 1024, "kilobyte", 0]
        : [bytes, "byte", 0];
  return new Intl.NumberFormat(lang, {
    style: "unit",
    unit,
    unitDisplay: "short",
    maximumFractionDigits: digits,
  }).format(value);
}
