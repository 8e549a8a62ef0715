// Request bodies are capped site-wide (BODY_LIMIT_BYTES); the pages that take a file get room for it and
// the multipart framing around it: the media library (an image of up to MAX_ASSET_BYTES) and the cinema and
// chain pages (a feed file of up to SOURCE_UPLOAD_MAX_BYTES). A larger upload is refused before it is read:
// a page request is sent back to the page, which says why in the reader's language (no JavaScript: the
// browser posted the form itself); a data request (the page's own fetch, which checks the size before
// sending) gets a plain 413.
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { MAX_ASSET_BYTES } from "../../core/assets/asset-schemas.ts";
import { SOURCE_UPLOAD_MAX_BYTES } from "../../core/ingest/sources/source-schemas.ts";
import type { ServerEnv } from "../context-variables.ts";

export const ASSETS_PAGE = "/studio/assets";
/** The query the page reads to say that the file was too large. */
export const UPLOAD_REFUSED_PARAM = "refused";
/** Room for the other fields of the form and the multipart boundaries. */
const FRAMING_BYTES = 256 * 1024;

/** Each upload page and the largest body it accepts. */
export const UPLOAD_PAGES: ReadonlyMap<string, number> = new Map([
  [ASSETS_PAGE, MAX_ASSET_BYTES + FRAMING_BYTES],
  ["/studio/data/cinemas", SOURCE_UPLOAD_MAX_BYTES + FRAMING_BYTES],
  ["/studio/data/cinema-chains", SOURCE_UPLOAD_MAX_BYTES + FRAMING_BYTES],
]);

export function withUploadLimit(limitBody: MiddlewareHandler<ServerEnv>): MiddlewareHandler<ServerEnv> {
  const limits = new Map<string, MiddlewareHandler<ServerEnv>>(
    [...UPLOAD_PAGES].map(([page, maxSize]) => [
      page,
      bodyLimit({
        maxSize,
        onError: (c) =>
          c.req.path === page
            ? c.redirect(`${page}?${UPLOAD_REFUSED_PARAM}=too-large`, 303)
            : c.text("Payload Too Large", 413, { "Cache-Control": "no-store" }),
      }),
    ]),
  );
  return (c, next) => {
    const page = c.req.path.endsWith(".data") ? c.req.path.slice(0, -".data".length) : c.req.path;
    return (limits.get(page) ?? limitBody)(c, next);
  };
}
