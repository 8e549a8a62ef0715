// A cinema's programme for one programme week: which films, on which screen, in which premium format.
import type { Venue } from "./demo-venues.ts";
import { DAY_MS, isoDate } from "./listing-time.ts";
import { arthouseWeight, type Film, type Pools } from "./now-playing.ts";
import { pickWeighted, rngFor, sampleWeighted } from "./seeded-random.ts";

/** Programme-week start: Wednesday (3) in France, Thursday (4) elsewhere. */
export function programmeWeekKey(dateMs: number, country: string): string {
  const start = country === "FR" ? 3 : 4;
  const wd = new Date(dateMs).getUTCDay();
  return isoDate(dateMs - ((wd - start + 7) % 7) * DAY_MS);
}

export type Screen = {
  number: number;
  films: Film[];
  switchChance: number;
  opening: number;
  premium: string[];
  threeD: boolean;
  versionRoll: number;
};

export function programme(v: Venue, pools: Pools, weekKey: string): { films: Film[]; screens: Screen[] } {
  const rng = rngFor(`programme:${v.c.slug}:${weekKey}`);
  const arthouseMix = v.kind === "arthouse" ? 0.85 : v.c.arthouse ? 0.45 : 0;
  const count =
    v.kind === "multiplex"
      ? Math.min(20, Math.round(v.screens * 1.4))
      : v.kind === "arthouse"
        ? 5 + Math.min(6, v.screens * 2)
        : v.kind === "midsize"
          ? 3 + v.screens * 2
          : v.kind === "village"
            ? 3 + Math.floor(rng() * 3)
            : 2;
  const localBoost = (f: Film) => (f.originalLanguage === v.language ? 3 : 1);
  const fromArthouse = Math.round(count * arthouseMix);
  const picked = new Set<Film>();
  for (const f of sampleWeighted(pools.arthouse, (f) => arthouseWeight(f) * localBoost(f), fromArthouse, rng))
    picked.add(f);
  for (const f of sampleWeighted(pools.mainstream, (f) => f.weight ** 1.3 * localBoost(f), count, rng)) {
    if (picked.size >= count) break;
    picked.add(f);
  }
  const films = [...picked].sort((a, b) => b.weight - a.weight || (a.slug < b.slug ? -1 : 1));

  const premiumRoll = rngFor(`premium:${v.c.slug}`);
  const premium: string[][] = Array.from({ length: v.screens }, () => []);
  if (v.kind === "multiplex" && v.screens >= 8) {
    if (premiumRoll() < 0.35) premium[0]!.push("imax");
    if (v.c.chain === "pathe" && premiumRoll() < 0.45) premium[1]!.push("dolby-cinema", "dolby-atmos");
    if (premiumRoll() < 0.25) premium[v.screens - 1]!.push("4dx");
    if (premiumRoll() < 0.15) premium[v.screens - 2]!.push("screenx");
  }
  if (v.kind === "multiplex" && premiumRoll() < 0.5) {
    const s = premium.findIndex((p) => p.length === 0);
    if (s >= 0) premium[s]!.push("dolby-atmos");
  }

  const spectacle = films.filter((f) => f.spectacle);
  const screens: Screen[] = [];
  for (let i = 0; i < v.screens; i++) {
    const p = premium[i]!;
    const isPremiumFormat = p.some((a) => a !== "dolby-atmos");
    const pool = isPremiumFormat && spectacle.length > 0 ? spectacle : films;
    const main = pickWeighted(pool, (f) => f.weight, rng());
    const second = pickWeighted(films, (f) => f.weight, rng());
    const threeD =
      !isPremiumFormat && v.kind === "multiplex" && (main.spectacle || main.family) && rng() < 0.2;
    screens.push({
      number: i + 1,
      films: main === second ? [main] : [main, second],
      switchChance: v.kind === "multiplex" ? 0.3 : 0.45,
      opening: Math.floor(rng() * 7) * 5 + i * 10,
      premium: p,
      threeD,
      versionRoll: rng(),
    });
  }
  return { films, screens };
}
