// Films: the "now playing" pools the cinemas programme from (mainstream and art-house).
import type { GeneratorMovie } from "./generated-showtime.ts";
import { rngFor, sampleWeighted } from "./seeded-random.ts";

export const DEFAULT_RUNTIME = 105;

export type Film = GeneratorMovie & {
  weight: number;
  runtimeMinutes: number;
  family: boolean;
  spectacle: boolean;
  romcom: boolean;
};

export const has = (m: GeneratorMovie, ...genres: string[]) => genres.some((g) => m.genres.includes(g));

export function buildFilms(movies: GeneratorMovie[]): Film[] {
  const eligible = movies.filter(
    (m) =>
      m.originalLanguage !== null &&
      m.runtime !== null &&
      m.runtime >= 70 &&
      m.runtime <= 240 &&
      m.popularity > 0,
  );
  // recency within the dataset: newest release gets the highest factor
  const keys = eligible.map((m) => m.releaseDate ?? `${m.year}-07-01`).sort();
  const rank = (m: GeneratorMovie) => {
    const k = m.releaseDate ?? `${m.year}-07-01`;
    let lo = 0;
    let hi = keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (keys[mid]! < k) lo = mid + 1;
      else hi = mid;
    }
    return keys.length > 1 ? lo / (keys.length - 1) : 1;
  };
  return eligible.map((m) => {
    const classic = m.year < 2015;
    const recency = classic ? 0.35 : 0.5 + rank(m);
    return {
      ...m,
      weight: m.popularity * recency,
      runtimeMinutes: m.runtime ?? DEFAULT_RUNTIME,
      family: has(m, "animation", "family"),
      spectacle: has(m, "action", "science-fiction", "adventure", "fantasy") && m.popularity >= 30,
      romcom: has(m, "romance", "comedy") && !has(m, "horror"),
    };
  });
}

export function arthouseWeight(f: Film): number {
  let w = f.popularity;
  if (f.originalLanguage !== "en") w *= 1.8;
  if (has(f, "drama", "documentary", "biography", "history")) w *= 1.4;
  if (f.spectacle || has(f, "horror")) w *= 0.3;
  return w;
}

export type Pools = { mainstream: Film[]; arthouse: Film[] };

export function buildPools(films: Film[], seedKey: string): Pools {
  const rng = rngFor(`now-playing:${seedKey}`);
  const mainstream = sampleWeighted(films, (f) => f.weight ** 1.5, 30, rng);
  // enough family films for the dubbed matinees
  for (const f of films.filter((x) => x.family).sort((a, b) => b.weight - a.weight)) {
    if (mainstream.filter((x) => x.family).length >= 5) break;
    if (!mainstream.includes(f)) mainstream.push(f);
  }
  const arthouse = sampleWeighted(films, (f) => arthouseWeight(f) ** 1.3, 16, rng);
  return { mainstream, arthouse };
}
