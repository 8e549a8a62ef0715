// The catalogue of the matching set: the 2023–2024 Wikidata films, a sample of the crosswalk's older
// films, and the films written by hand.
import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { EXTRA, KEY_ONLY, NAMESAKES, RECENT, REISSUES, YEARS } from "./catalogue-facts.ts";
import type { Movie } from "./matching-set-types.ts";

const shared = path.resolve(import.meta.dirname, "../../../shared/data/movies");

const read = (file: string) =>
  parse(readFileSync(path.join(shared, file), "utf8"), { columns: true, bom: true }) as Record<
    string,
    string
  >[];

const norm = (t: string) =>
  t
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

export function buildCatalogue(): Movie[] {
  const recent = read("wikidata_films_2023_2024.csv");
  const crosswalk = read("wikidata_film_id_crosswalk.csv");
  const byImdb = new Map(crosswalk.map((r) => [r.imdb_id!, r]));
  const movies = new Map<string, Movie>();
  for (const r of recent) {
    if (!r.imdb_id || movies.has(r.imdb_id)) continue;
    const cross = byImdb.get(r.imdb_id);
    movies.set(r.imdb_id, {
      key: r.imdb_id,
      title: r.title!,
      year: REISSUES[r.title!] ?? Number(r.year),
      runtime_minutes: r.duration ? Math.round(Number(r.duration)) : undefined,
      imdb_id: r.imdb_id,
      tmdb_id: cross?.tmdb_id || undefined,
      wikidata_id: cross?.wd_film_qid || undefined,
      ...EXTRA[r.imdb_id],
      ...RECENT[r.title!],
    });
  }
  // A title shared by two films stays only where a year tells them apart (added by hand above).
  const titleCount = new Map<string, number>();
  for (const m of movies.values()) titleCount.set(norm(m.title), (titleCount.get(norm(m.title)) ?? 0) + 1);
  for (const r of crosswalk)
    titleCount.set(norm(r.wd_film_label!), (titleCount.get(norm(r.wd_film_label!)) ?? 0) + 1);
  // Every crosswalk film the hand-written years or titles name, then every 4th of the rest.
  let index = 0;
  for (const r of crosswalk) {
    if (!r.imdb_id || movies.has(r.imdb_id)) continue;
    const named = r.imdb_id in YEARS || r.imdb_id in EXTRA;
    const shared = (titleCount.get(norm(r.wd_film_label!)) ?? 0) > 1;
    if (!named && (shared || index++ % 4 !== 0)) continue;
    if (shared && !(r.imdb_id in YEARS)) continue;
    movies.set(r.imdb_id, crosswalkMovie(r, YEARS[r.imdb_id]));
  }
  for (const r of crosswalk)
    if (r.imdb_id! in NAMESAKES && !movies.has(r.imdb_id!))
      movies.set(r.imdb_id!, crosswalkMovie(r, NAMESAKES[r.imdb_id!]));
  return [...movies.values(), ...KEY_ONLY];
}

function crosswalkMovie(r: Record<string, string>, year: number | undefined): Movie {
  return {
    key: r.imdb_id!,
    title: r.wd_film_label!,
    year,
    imdb_id: r.imdb_id,
    tmdb_id: r.tmdb_id || undefined,
    wikidata_id: r.wd_film_qid || undefined,
    ...EXTRA[r.imdb_id!],
  };
}
