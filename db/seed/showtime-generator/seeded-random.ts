// Seeded randomness: every draw of the generator comes from a generator keyed by what it decides
// (a cinema, a screen, a programme week), so the same input always gives the same showtimes.

/** 32-bit FNV-1a. */
export function hashString(value: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    h ^= value.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small, fast, good-enough seeded PRNG returning [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const rngFor = (key: string) => mulberry32(hashString(key));

export function pickWeighted<T>(items: readonly T[], weight: (item: T) => number, r: number): T {
  let total = 0;
  for (const it of items) total += weight(it);
  let x = r * total;
  for (const it of items) {
    x -= weight(it);
    if (x < 0) return it;
  }
  return items[items.length - 1]!;
}

/** Weighted sample without replacement (Efraimidis–Spirakis), deterministic for a given rng. */
export function sampleWeighted<T>(
  items: readonly T[],
  weight: (item: T) => number,
  count: number,
  rng: () => number,
): T[] {
  return items
    .map((item, i) => ({ item, i, key: Math.log(Math.max(rng(), 1e-12)) / Math.max(weight(item), 1e-9) }))
    .sort((a, b) => b.key - a.key || a.i - b.i)
    .slice(0, count)
    .map((x) => x.item);
}
