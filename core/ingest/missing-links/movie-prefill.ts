// The "create movie" form's first values for an unmatched feed title: the title as the feed wrote it,
// without the decorations cinemas add ("(OV)", "3D", "IMAX", a year), a slug from it, and the feed's
// hints (year — else its release date's, else one in brackets in the title —, release date as the first
// release anywhere, runtime, language, external ids). Pure; the super admin checks and edits it all.
import type { MatchHints } from "../../../db/schema/ingest.ts";
import { WORLDWIDE_RELEASE } from "../../catalog/movies/movie-schemas.ts";
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
  /** the movie form's release rows: the feed's date as the first release anywhere, or one empty row */
  countries: { country: string; releaseDate: string; certification: string }[];
};

export function moviePrefill(rawTitle: string, hints: MatchHints): MoviePrefill {
  const yearInTitle = /[([]((?:18|19|20)\d{2})[)\]]/.exec(rawTitle)?.[1];
  const year = hints.year ? String(hints.year) : (hints.releaseDate?.slice(0, 4) ?? yearInTitle ?? "");
  const releaseDate = hints.releaseDate ?? "";
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
    slug: slugify(year ? `${title} ${year}` : title),
    year,
    runtimeMinutes: hints.runtimeMinutes ? String(hints.runtimeMinutes) : "",
    originalLanguage: /^[a-z]{2}$/.test(language) ? language : "",
    imdbId: hints.imdbId ?? "",
    tmdbId: hints.tmdbId ? String(hints.tmdbId) : "",
    wikidataId: hints.wikidataId ?? "",
    countries: [{ country: releaseDate ? WORLDWIDE_RELEASE : "", releaseDate, certification: "" }],
  };
}
