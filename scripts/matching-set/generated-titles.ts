// Feed titles generated from the catalogue's recent films: the decorations cinemas add to a title
// (versions, formats, years, case), drawn by a seeded generator.
import type { Movie, Title } from "./matching-set-types.ts";

/** mulberry32: a small seeded generator, so the file is the same on every run */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DECORATIONS: ((t: string, m: Movie) => string)[] = [
  (t) => `${t} (OV)`,
  (t) => `${t} 3D`,
  (t) => `${t} IMAX`,
  (t) => `${t} 4DX`,
  (t) => `${t} - Dolby Atmos`,
  (t) => `${t} (Originele versie)`,
  (t) => `${t} - English subtitles`,
  (t) => `Sneak Preview: ${t}`,
  (t, m) => (m.year ? `${t} (${m.year})` : `${t} (OV)`),
  (t) => t.toUpperCase(),
  (t) => `${t.toLowerCase()} (ov)`,
  (t) => t.replace(/[:,.!?'’–-]/g, ""),
  (t) => `${t} (EN subs)`,
  (t) => `Voorpremière: ${t}`,
  (t, m) => (m.year ? `${t} [${m.year}]` : `${t} IMAX 3D`),
  (t) => `${t} IMAX 70mm`,
  (t) => t.normalize("NFKD").replace(/[\u0300-\u036f]/g, ""),
  (t) => `${t} + Q&A`,
  (t) => `${t} ScreenX`,
  (t) => `${t} (OV) - met Engelse ondertiteling`,
  (t) => `Expat Cinema: ${t}`,
  (t) => t,
];

export function generatedTitles(catalogue: Movie[]): Title[] {
  const next = random(20241124);
  const recent = catalogue.filter((m) => m.imdb_id && m.year && m.year >= 2023);
  const titles: Title[] = [];
  const sources = ["pathe-nl", "vue-nl", "kinepolis-nl", "lab111", "filmhuis-den-haag", "eye"];
  for (let i = 0; i < 170; i++) {
    const movie = recent[Math.floor(next() * recent.length)]!;
    const useNl = movie.title_nl && next() < 0.6;
    const useOriginal = !useNl && movie.original_title && next() < 0.5;
    const base = useNl ? movie.title_nl! : useOriginal ? movie.original_title! : movie.title;
    const decorate = DECORATIONS[Math.floor(next() * DECORATIONS.length)]!;
    const row: Title = {
      feed_title: decorate(base, movie),
      source: sources[Math.floor(next() * sources.length)]!,
      expected_key: movie.key,
    };
    const r = next();
    if (r < 0.45) row.year = movie.year;
    if (next() < 0.3 && movie.runtime_minutes) row.runtime_minutes = movie.runtime_minutes;
    if (next() < 0.04) row.imdb_id = movie.imdb_id;
    titles.push(row);
  }
  return titles;
}
