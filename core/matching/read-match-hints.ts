// The matching hints of a CSV row (match-titles, the labelled set): the optional columns year,
// release_date (YYYY-MM-DD: the year when the year column is empty), runtime_minutes, language, imdb_id,
// tmdb_id. Empty cells give no hint; a malformed one throws, naming the column, so the caller can report
// the line.
import type { MatchHints } from "../../db/schema/ingest.ts";
import { IMDB_ID } from "../catalog/movies/movie-key.ts";
import { isIsoDate } from "../catalog/movies/movie-schemas.ts";

export function readMatchHints(row: Record<string, string | undefined>): MatchHints {
  const hints: MatchHints = {};
  const whole = (name: string, min: number, max: number) => {
    const value = (row[name] ?? "").trim();
    if (!value) return undefined;
    if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max)
      throw new Error(`${name} "${value}" is not a whole number from ${min} to ${max}`);
    return Number(value);
  };
  const year = whole("year", 1870, 2100);
  if (year !== undefined) hints.year = year;
  const releaseDate = (row.release_date ?? "").trim();
  if (releaseDate) {
    const dateYear = Number(releaseDate.slice(0, 4));
    if (!isIsoDate(releaseDate) || dateYear < 1870 || dateYear > 2100)
      throw new Error(`release_date "${releaseDate}" is not a date (YYYY-MM-DD) from 1870 to 2100`);
    if (year !== undefined && year !== dateYear)
      throw new Error(`release_date "${releaseDate}" is not in the year ${year}`);
    hints.releaseDate = releaseDate;
  }
  const runtime = whole("runtime_minutes", 1, 1500);
  if (runtime !== undefined) hints.runtimeMinutes = runtime;
  const tmdb = whole("tmdb_id", 1, 999_999_999);
  if (tmdb !== undefined) hints.tmdbId = tmdb;
  const language = (row.language ?? "").trim();
  if (language) hints.language = language;
  const imdb = (row.imdb_id ?? "").trim();
  if (imdb) {
    if (!IMDB_ID.test(imdb)) throw new Error(`imdb_id "${imdb}" is not an IMDb id (tt1234567)`);
    hints.imdbId = imdb;
  }
  return hints;
}
