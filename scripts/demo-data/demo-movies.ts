// Films of the demo dataset: Wikidata films 2023–2024 (CC0) and the Wikidata id crosswalk (CC0).
import type { DemoMovie } from "../../db/seed/demo-data-types.ts";
import { dutchTitles, nonEnglish, originalYears, reviewedPopularity } from "./movie-facts.ts";
import { parseCsvRecords } from "./parse-csv.ts";
import { compare, readText, slugify, toInt } from "./source-values.ts";

const genreRules: Array<[RegExp, string]> = [
  [/(^|[^-])\baction\b/, "action"],
  [/adventure|swashbuckler|sword-and-sandal|sword and sorcery/, "adventure"],
  [/anim|anime/, "animation"],
  [/biographical/, "biography"],
  [/comed|satir/, "comedy"],
  [/crime|police|heist|neo-noir|film noir|gangster|hood film/, "crime"],
  [/documentary|docudrama/, "documentary"],
  [/drama/, "drama"],
  [/family|children's/, "family"],
  [/fantasy|fairy tale/, "fantasy"],
  [/historical|period drama/, "history"],
  [/horror|slasher|splatter|vampire|zombie/, "horror"],
  [/concert film|music documentary/, "music"],
  [/musical/, "musical"],
  [/mystery|detective/, "mystery"],
  [/romance|romantic/, "romance"],
  [/science fiction|dystopia|space opera|post-apocalyptic|time-travel|kaiju/, "science-fiction"],
  [/sport|boxing|football/, "sport"],
  [/thriller|\bspy\b/, "thriller"],
  [/\bwar\b/, "war"],
  [/western/i, "western"],
];
const genreOrder = genreRules.map(([, g]) => g);

function genresFrom(value: string): string[] {
  const out = new Set<string>();
  for (const label of value
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean)) {
    for (const [re, genre] of genreRules) if (re.test(label)) out.add(genre);
  }
  return genreOrder.filter((g) => out.has(g));
}

export async function buildMovies(): Promise<DemoMovie[]> {
  const rows = parseCsvRecords(await readText("movies/wikidata_films_2023_2024.csv"));
  const crosswalk = new Map<string, Record<string, string>>();
  for (const r of parseCsvRecords(await readText("movies/wikidata_film_id_crosswalk.csv"))) {
    if (r["imdb_id"]) crosswalk.set(r["imdb_id"], r);
  }

  // One film may appear once per release (festival, national, streaming): keep the earliest.
  const byKey = new Map<string, Record<string, string>>();
  for (const r of rows) {
    if (!r["title"]) continue;
    const key = r["imdb_id"] || `title:${r["title"]}`;
    const prev = byKey.get(key);
    if (!prev || (r["release_date"] ?? "") < (prev["release_date"] ?? "")) byKey.set(key, r);
  }

  type Draft = Omit<DemoMovie, "slug"> & { base: string };
  const drafts: Draft[] = [];
  const seenTmdb = new Set<number>();
  const seenQid = new Set<string>();
  for (const r of byKey.values()) {
    const imdb = /^tt\d+$/.test(r["imdb_id"] ?? "") ? r["imdb_id"]! : null;
    const cw = imdb ? crosswalk.get(imdb) : undefined;
    let tmdb = cw?.["tmdb_id"] ? Number(cw["tmdb_id"]) : null;
    if (tmdb !== null && (!Number.isInteger(tmdb) || seenTmdb.has(tmdb))) tmdb = null;
    if (tmdb !== null) seenTmdb.add(tmdb);
    let wikidata = /^Q\d+$/.exec(cw?.["wd_film_qid"] ?? "")?.[0] ?? null;
    if (wikidata !== null && seenQid.has(wikidata)) wikidata = null;
    if (wikidata !== null) seenQid.add(wikidata);

    const date = (r["release_date"] ?? "").slice(0, 10);
    const reRelease = imdb ? originalYears[imdb] : undefined;
    const year = reRelease ?? (Number(r["year"]) || Number(date.slice(0, 4)));
    // Wikidata stores year-precision dates as YYYY-01-01: treat those as unknown.
    const releaseDate =
      reRelease || !/^\d{4}-\d{2}-\d{2}$/.test(date) || date.endsWith("-01-01") ? null : date;
    const popularity = Number(r["sitelinks"]) || 0;
    const known = imdb ? nonEnglish[imdb] : undefined;
    const originalLanguage = known ? known[0] : popularity >= reviewedPopularity ? "en" : null;
    const originalTitle = known?.[1] ?? null;
    const runtime = toInt(r["duration"]);
    const titleNl = imdb ? (dutchTitles[imdb] ?? null) : null;
    drafts.push({
      base: slugify(r["title"]!) || "film",
      title: r["title"]!,
      originalTitle: originalTitle && originalTitle !== r["title"] ? originalTitle : null,
      titleNl: titleNl && titleNl !== r["title"] ? titleNl : null,
      year,
      releaseDate,
      runtime,
      genres: genresFrom(r["genre"] ?? ""),
      originalLanguage,
      imdb,
      tmdb,
      wikidata,
      directors: (r["director"] ?? "")
        .split(",")
        .map((s) => s.trim())
        .filter((s) => s && !/^Q\d+$/.test(s)),
      countries: (r["country"] ?? "")
        .split(",")
        .map((s) => s.trim().toUpperCase())
        .filter((s) => /^[A-Z]{2}$/.test(s)),
      popularity,
    });
  }

  const baseCount = new Map<string, number>();
  for (const d of drafts) baseCount.set(d.base, (baseCount.get(d.base) ?? 0) + 1);
  const withYear = drafts.map((d) => ({
    d,
    slug: (baseCount.get(d.base) ?? 0) > 1 ? `${d.base}-${d.year}` : d.base,
  }));
  const slugCount = new Map<string, number>();
  for (const x of withYear) slugCount.set(x.slug, (slugCount.get(x.slug) ?? 0) + 1);
  const movies: DemoMovie[] = withYear.map(({ d, slug }) => {
    const { base: _b, ...rest } = d;
    const final = (slugCount.get(slug) ?? 0) > 1 && d.imdb ? `${slug}-${d.imdb}` : slug;
    return { slug: final, ...rest };
  });
  if (new Set(movies.map((m) => m.slug)).size !== movies.length)
    throw new Error("movie slugs are not unique");
  return movies.sort((a, b) => compare(a.slug, b.slug));
}
