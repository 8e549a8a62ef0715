// Where a stored asset variant is served: its content hash is the name, so the URL never serves
// other bytes and the response can be cached forever (docs/decisions/010).
const EXTENSIONS: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/svg+xml": "svg",
};

export const MEDIA_PATH_PREFIX = "/media/";

export function mediaUrl(contentHash: string, mimeType: string): string {
  return `${MEDIA_PATH_PREFIX}${contentHash}.${EXTENSIONS[mimeType] ?? "bin"}`;
}
