// The missing-links page's schemas: checked in the browser (Conform) and again by the action and the
// operation. Browser-safe: zod and plain values. Messages are message references.
import { z } from "zod";
import { createMovieSchema } from "../../catalog/movies/movie-schemas.ts";
import { idSchema } from "../../forms/fields.ts";
import { messageRef } from "../../i18n/message-ref.ts";

/** At most this many titles per bulk action. */
export const MISSING_LINK_BULK_MAX = 200;

export const MISSING_LINK_VIEWS = ["open", "resolved"] as const;
export type MissingLinkView = (typeof MISSING_LINK_VIEWS)[number];

export const MISSING_LINK_SORTS = [
  "occurrences",
  "-occurrences",
  "lastSeen",
  "-lastSeen",
  "title",
  "-title",
  "resolved",
  "-resolved",
] as const;
export type MissingLinkSort = (typeof MISSING_LINK_SORTS)[number];

/** Selected ids as the table posts them ("id1,id2") or as a list. */
export const missingLinkIdsSchema = z
  .union([z.string(), z.array(z.string())])
  .transform((value) =>
    (typeof value === "string" ? value.split(",") : value).map((id) => id.trim()).filter(Boolean),
  )
  .pipe(
    z
      .array(idSchema)
      .min(1, { error: "studio.missingLinks.validation.noneSelected" })
      .max(MISSING_LINK_BULK_MAX, {
        error: messageRef("studio.missingLinks.validation.tooMany", { max: MISSING_LINK_BULK_MAX }),
      }),
  );

export const linkMissingLinkSchema = z.object({
  missingLinkId: idSchema,
  movieId: z.uuid({ error: "studio.missingLinks.validation.movieRequired" }),
});

export const createMovieFromMissingLinkSchema = createMovieSchema.extend({ missingLinkId: idSchema });

export const missingLinkSelectionSchema = z.object({ ids: missingLinkIdsSchema });
