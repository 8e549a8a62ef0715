// How well a name (a film's title in any language, an alias, a cinema's name) matches what a visitor
// typed, forgiving typos: a letter too many, too few, wrong, or two swapped ("Wicekd" for "Wicked").
// Trigram similarity alone misses a swap in a short word (two of its three trigrams change), so the
// database only gathers candidates and this edit distance decides (optimal string alignment, the
// Damerau–Levenshtein distance without re-editing a substring). Pure and browser-safe.

/** How a name matches, best first. */
export const MATCH_QUALITIES = ["exact", "prefix", "contains", "similar"] as const;
export type MatchQuality = (typeof MATCH_QUALITIES)[number];

export type NameMatch = {
  quality: MatchQuality;
  /** 0..1, higher is closer; orders names of the same quality */
  score: number;
};

/** Lower case, without accents or punctuation, single spaces: "Amélie: Le Fabuleux" → "amelie le fabuleux". */
export function normalizeName(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/**
 * The optimal string alignment distance between a and b: insertions, deletions, substitutions and
 * swaps of two neighbours each cost one. Stops early with `max + 1` once the distance must exceed max.
 */
export function osaDistance(a: string, b: string, max = Infinity): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (!a.length) return b.length;
  if (!b.length) return a.length;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  let current = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, before[j - 2]! + 1);
      }
      current[j] = value;
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    [before, previous, current] = [previous, current, before];
  }
  return previous[b.length]!;
}

/** The typos forgiven in a word of this length: none below four letters, one up to seven, then two. */
export function typoBudget(length: number): number {
  return length < 4 ? 0 : length < 8 ? 1 : 2;
}

/** How close a typed word is to a word of the name (1 exact, 0 too far); the last word may be half typed. */
function wordCloseness(typed: string, word: string, lastTyped: boolean): number {
  if (typed === word) return 1;
  if (lastTyped && typed.length >= 2 && word.startsWith(typed)) return 0.95;
  const budget = typoBudget(typed.length);
  if (budget === 0) return 0;
  const whole = osaDistance(typed, word, budget);
  // A half-typed last word compares with the start of the name's word ("gladiatr" → "gladiator").
  const start =
    lastTyped && word.length > typed.length
      ? osaDistance(typed, word.slice(0, typed.length), budget)
      : budget + 1;
  const distance = Math.min(whole, start + 0.5);
  return distance <= budget ? 0.9 - (0.4 * distance) / typed.length : 0;
}

/** Every typed word close to a different word of the name, in any order: the mean closeness, else 0. */
function wordsCloseness(typedWords: readonly string[], nameWords: readonly string[]): number {
  const free = [...nameWords];
  let total = 0;
  for (const [index, typed] of typedWords.entries()) {
    let best = 0;
    let bestAt = -1;
    for (const [at, word] of free.entries()) {
      const closeness = wordCloseness(typed, word, index === typedWords.length - 1);
      if (closeness > best) [best, bestAt] = [closeness, at];
    }
    if (bestAt < 0) return 0;
    free.splice(bestAt, 1);
    total += best;
  }
  return total / typedWords.length;
}

/**
 * How `name` matches `typed` (both as normalizeName gives them), or null when it does not. A name
 * matches exactly, by its start, by containing the text at a word's start, or when every typed word is
 * within the typo budget of one of its words (or the whole text of the whole name).
 */
export function matchName(typed: string, name: string): NameMatch | null {
  if (!typed || !name) return null;
  // Longer names rank a little lower among equals: "Wicked" before "Wicked Little Letters".
  const brevity = typed.length / Math.max(name.length, typed.length);
  if (name === typed) return { quality: "exact", score: 1 };
  if (name.startsWith(typed)) return { quality: "prefix", score: 0.5 + 0.5 * brevity };
  if (name.includes(` ${typed}`)) return { quality: "contains", score: 0.5 + 0.5 * brevity };
  const budget = typoBudget(typed.length);
  const whole = budget > 0 ? osaDistance(typed, name, budget) : budget + 1;
  const wholeScore = whole <= budget ? 1 - whole / Math.max(typed.length, name.length) : 0;
  const typedWords = typed.split(" ");
  const nameWords = name.split(" ");
  const wordsScore = typedWords.length > nameWords.length ? 0 : wordsCloseness(typedWords, nameWords);
  const score = Math.max(wholeScore, wordsScore * (0.8 + 0.2 * brevity));
  return score > 0 ? { quality: "similar", score } : null;
}

/** The better of two matches (quality first, then score); either may be null. */
export function betterMatch(a: NameMatch | null, b: NameMatch | null): NameMatch | null {
  if (!a) return b;
  if (!b) return a;
  const byQuality = MATCH_QUALITIES.indexOf(a.quality) - MATCH_QUALITIES.indexOf(b.quality);
  if (byQuality !== 0) return byQuality < 0 ? a : b;
  return a.score >= b.score ? a : b;
}

/** Orders matches best first: quality, then score. */
export function compareMatches(a: NameMatch, b: NameMatch): number {
  return MATCH_QUALITIES.indexOf(a.quality) - MATCH_QUALITIES.indexOf(b.quality) || b.score - a.score;
}
