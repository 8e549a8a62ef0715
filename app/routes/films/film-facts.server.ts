// The film page's facts as words: the line that stands in for a synopsis when the catalogue has none
// ("A film from 2023 directed by Christopher Nolan (Drama, Thriller), 180 minutes, in English."), composed
// from what the catalogue knows (year, directors, genres, runtime, original language) through the
// reader's messages, never an invented plot; and the language's name.

/** The parts a fact line is made of; an unknown part is left out of the sentence. */
export type FilmFacts = {
  year: number | null;
  directors: readonly string[];
  /** genre names, already in the reader's language */
  genres: readonly string[];
  runtimeMinutes: number | null;
  /** ISO 639-1 */
  originalLanguage: string | null;
};

type Format = (key: "film.factLine", values: Record<string, string | number>) => string;

/** The language's name in the reader's language, or null for an unknown or malformed code. */
export function languageName(lang: string, code: string | null): string | null {
  if (!code) return null;
  try {
    const name = new Intl.DisplayNames(lang, { type: "language", fallback: "none" }).of(code);
    return name ?? null;
  } catch {
    return null; // not a well-formed language code
  }
}

export function factLine(facts: FilmFacts, lang: string, format: Format): string {
  const list = (items: readonly string[], type: "conjunction" | "unit") =>
    items.length ? new Intl.ListFormat(lang, { type, style: "long" }).format(items) : "none";
  return format("film.factLine", {
    // Strings, not numbers: a year is no quantity ("2,023").
    year: facts.year ? String(facts.year) : "none",
    directors: list(facts.directors, "conjunction"),
    genres: list(facts.genres, "unit"),
    minutes: facts.runtimeMinutes ?? 0,
    language: languageName(lang, facts.originalLanguage) ?? "none",
  });
}
