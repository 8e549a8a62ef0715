// Request bodies are capped site-wide (BODY_LIMIT_BYTES); the media library's upload page takes a file of
// up to MAX_ASSET_BYTES, so that one path gets room for it and the multipart framing around it. A larger
// upload is refused before it is read: a page request is sent back to the page, which says why in the
// reader's language (no JavaScript: the browser posted the form itself); a data request (the page's own
// fetch, which checks the size before sending) gets a plain 413.
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { MAX_ASSET_BYTES } from "../../core/assets/asset-forms.ts";
import type { ServerEnv } from "../types.ts";

export const ASSETS_PAGE = "/studio/assets";
/** A 10 MB file, its field names and boundaries, and the other fields of the form. */
export const UPLOAD_BODY_LIMIT_BYTES = MAX_ASSET_BYTES + 256 * 1024;
/** The query the page reads to say that the file was too large. */
export const UPLOAD_REFUSED_PARAM = "refused";

export function withUploadLimit(limitBody: MiddlewareHandler<ServerEnv>): MiddlewareHandler<ServerEnv> {
  const limitUpload = bodyLimit({
    maxSize: UPLOAD_BODY_LIMIT_BYTES,
    onError: (c) =>
      c.req.path === ASSETS_PAGE
        ? c.redirect(`${ASSETS_PAGE}?${UPLOAD_REFUSED_PARAM}=too-large`, 303)
        : c.text("Payload Too Large", 413, { "Cache-Control": "no-store" }),
  });
  return (c, next) =>
    c.req.path === ASSETS_PAGE || c.req.path === `${ASSETS_PAGE}.data`
      ? limitUpload(c, next)
      : limitBody(c, next);
}
