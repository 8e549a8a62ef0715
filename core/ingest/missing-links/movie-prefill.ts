// The "create movie" form's first values for an unmatched feed title: the title as the feed wrote it,
// without the decorations cinemas add ("(OV)", "3D", "IMAX", a year), a slug from it, and the feed's
// hints (year, runtime, language, external ids). Pure; the super admin checks and edits it all.
import type { MatchHints } from "../../../db/schema/ingest.ts";
import { slugify } from "../../shared/input.ts";

const DECORATIONS = [
  /\((?:ov|originele versie|original version|nl|en|fr|de|nv|ned|eng|vf|vo|vost|omu|(?:18|19|20)\d{2})\)/gi,
  /\b(?:2d|3d|4dx|imax|dolby atmos|dolby cinema|screenx|hfr|sneak preview|ov|nv|omu|vost)\b/gi,
];

export type MoviePrefill = {
  title: string;
  slug: string;
  year: string;
  runtimeMinutes: string;
  originalLanguage: string;
  imdbId: string;
  tmdbId: string;
  wikidataId: string;
};

export function moviePrefill(rawTitle: string, hints: MatchHints): MoviePrefill {
  let title = rawTitle;
  for (const pattern of DECORATIONS) title = title.replace(pattern, " ");
  title =
    title
      .replace(/\s+/g, " ")
      .replace(/^[\s:–-]+|[\s:–-]+$/gu, "")
      .trim() || rawTitle.trim();
  const language = hints.language?.toLowerCase() ?? "";
  return {
    title,
    slug: slugify(hints.year ? `${title} ${hints.year}` : title),
    year: hints.year ? String(hints.year) : "",
    runtimeMinutes: hints.runtimeMinutes ? String(hints.runtimeMinutes) : "",
    originalLanguage: /^[a-z]{2}$/.test(language) ? language : "",
    imdbId: hints.imdbId ?? "",
    tmdbId: hints.tmdbId ? String(hints.tmdbId) : "",
    wikidataId: hints.wikidataId ?? "",
  };
}
