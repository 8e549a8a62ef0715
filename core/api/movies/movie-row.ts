// A movie as the API shows it: the title in the asked locale (Dutch titles differ), every localized
// title, and the per-country facts (release dates, certification) of the caller's countries only.
import { type SQL, sql } from "drizzle-orm";
import { httpUrlOrNull } from "../../shared/absolute-url.ts";

export const API_LOCALES = ["en", "nl"] as const;
export type ApiLocale = (typeof API_LOCALES)[number];

/** The release-date key for the first release anywhere. */
export const WORLDWIDE = "WW";

export type ApiMovie = {
  id: string;
  slug: string;
  title: string;
  /** locale → title */
  titles: Record<string, string>;
  original_title: string | null;
  year: number | null;
  runtime_minutes: number | null;
  genres: string[];
  original_language: string | null;
  /** country code (or "WW": first release anywhere) → YYYY-MM-DD */
  release_dates: Record<string, string>;
  /** country code → rating */
  certification: Record<string, string>;
  synopsis: string | null;
  trailer_url: string | null;
  imdb_id: string | null;
  tmdb_id: number | null;
  wikidata_id: string | null;
};

export type MovieRow = {
  id: string;
  slug: string;
  title: string;
  titles: Record<string, string> | null;
  original_title: string | null;
  year: number | null;
  runtime_minutes: number | null;
  genres: string[] | null;
  original_language: string | null;
  release_dates: Record<string, string> | null;
  certification: Record<string, string> | null;
  synopsis: Record<string, string> | null;
  trailer_url: string | null;
  imdb_id: string | null;
  tmdb_id: number | null;
  wikidata_id: string | null;
};

/** Columns of MovieRow over movies `m` and the asked locale's title `mt` (left-joined). */
export function movieColumns(): SQL {
  return sql`m.id, m.slug, coalesce(mt.title, m.title) as title,
    (select jsonb_object_agg(t.locale, t.title) from movie_titles t where t.movie_id = m.id) as titles,
    m.original_title, m.year, m.runtime_minutes, m.genres, m.original_language, m.release_dates,
    m.certification, m.synopsis, m.trailer_url, m.imdb_id, m.tmdb_id, m.wikidata_id`;
}

function only(record: Record<string, string> | null, keys: (key: string) => boolean): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of Object.keys(record ?? {}).sort()) {
    const value = record?.[key];
    if (keys(key) && typeof value === "string") out[key] = value;
  }
  return out;
}

export function toApiMovie(row: MovieRow, countries: readonly string[], locale: ApiLocale): ApiMovie {
  const granted = (key: string) => countries.includes(key);
  const synopsis = row.synopsis ?? {};
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    titles: only(row.titles, () => true),
    original_title: row.original_title,
    year: row.year,
    runtime_minutes: row.runtime_minutes,
    genres: row.genres ?? [],
    original_language: row.original_language,
    release_dates: only(row.release_dates, (key) => key === WORLDWIDE || granted(key)),
    certification: only(row.certification, granted),
    synopsis: synopsis[locale] ?? synopsis.en ?? null,
    trailer_url: httpUrlOrNull(row.trailer_url),
    imdb_id: row.imdb_id,
    tmdb_id: row.tmdb_id === null ? null : Number(row.tmdb_id),
    wikidata_id: row.wikidata_id,
  };
}
