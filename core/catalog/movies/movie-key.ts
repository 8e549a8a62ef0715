// A movie's key: the one string operators and files use to name a movie — its IMDb id, else
// "tmdb:<id>", else "wd:<Q-id>", else its uuid. Reading a key back (import files, labelled sets) also
// accepts a slug: a movie without external ids that an import created from a key-only row keeps that
// key as its slug (see import-movies-csv.ts), so the same file finds it again.

export type MovieKeyParts = {
  id: string;
  imdbId: string | null;
  tmdbId: number | null;
  wikidataId: string | null;
};

export type ParsedMovieKey =
  | { kind: "imdb"; value: string }
  | { kind: "tmdb"; value: number }
  | { kind: "wikidata"; value: string }
  | { kind: "id"; value: string }
  | { kind: "slug"; value: string };

export const IMDB_ID = /^tt\d{7,10}$/;
export const WIKIDATA_ID = /^Q[1-9]\d*$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function movieKey(movie: MovieKeyParts): string {
  if (movie.imdbId) return movie.imdbId;
  if (movie.tmdbId !== null) return `tmdb:${movie.tmdbId}`;
  if (movie.wikidataId) return `wd:${movie.wikidataId}`;
  return movie.id;
}

/** "dune-part-two" from "Dune: Part Two": lower-case ASCII letters and digits joined by single dashes. */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** null when the key is empty or names nothing a movie can have. */
export function parseMovieKey(key: string): ParsedMovieKey | null {
  const text = key.trim();
  if (IMDB_ID.test(text)) return { kind: "imdb", value: text };
  const tmdb = /^tmdb:(\d{1,9})$/i.exec(text);
  if (tmdb) return Number(tmdb[1]) > 0 ? { kind: "tmdb", value: Number(tmdb[1]) } : null;
  const wikidata = /^wd:(Q[1-9]\d*)$/i.exec(text);
  if (wikidata) return { kind: "wikidata", value: wikidata[1]!.toUpperCase() };
  if (UUID.test(text)) return { kind: "id", value: text.toLowerCase() };
  // a mistyped external id is an error, not a name of its own
  if (/^(?:tt\d|tmdb:|wd:)/i.test(text)) return null;
  const slug = slugify(text);
  return slug ? { kind: "slug", value: slug } : null;
}
