// GET /media/<contentHash>.<ext>: the stored bytes of one asset variant (core/assets/media-url.ts makes
// the URL). The name is the content's hash, so a response never changes: cached for a year, immutable,
// and revalidated by ETag. Public: the hash is unguessable and posters appear on the public site.
import type { Hono } from "hono";
import { MEDIA_PATH_PREFIX, mediaUrl } from "../core/assets/media-url.ts";
import { readMedia } from "../core/assets/read-media.ts";
import type { AppServices } from "../core/services.ts";
import { IMMUTABLE_CACHE } from "./static-files.ts";
import type { ServerEnv } from "./context-variables.ts";

/** An SVG opened on its own runs nothing and loads nothing (the sanitizer already removed scripts). */
const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
const MEDIA_NAME = /^([0-9a-f]{64})\.(jpg|png|webp|svg)$/;

export function mountMedia(app: Hono<ServerEnv>, services: Pick<AppServices, "db">) {
  app.on(["GET", "HEAD"], `${MEDIA_PATH_PREFIX}:name`, async (c) => {
    const notFound = () => c.text("Not Found", 404, { "Cache-Control": "no-store" });
    const match = MEDIA_NAME.exec(c.req.param("name"));
    if (!match) return notFound();
    const file = await readMedia(services, match[1]!);
    // The extension must be the variant's own: one URL per response.
    if (!file || mediaUrl(file.contentHash, file.mimeType) !== c.req.path) return notFound();
    const etag = `"${file.contentHash}"`;
    const headers: Record<string, string> = {
      "Cache-Control": IMMUTABLE_CACHE,
      ETag: etag,
      "X-Content-Type-Options": "nosniff",
    };
    if (file.mimeType === "image/svg+xml") headers["Content-Security-Policy"] = SVG_POLICY;
    const condition = c.req.header("if-none-match");
    if (condition && condition.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag))
      return c.body(null, 304, headers);
    headers["Content-Type"] = file.mimeType;
    return c.body(new Uint8Array(file.content), 200, headers);
  });
}
