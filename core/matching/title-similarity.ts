// How two normalized titles (normalize-feed-title.ts) compare: a canonical form in which "Part Two",
// "Part 2", "II" and "2" agree and a leading article does not count, and pg_trgm's trigram similarity
// computed the same way in JavaScript, so candidates are ranked on normalized titles rather than the
// raw ones the database indexes. Pure.

const NUMBER_WORDS: Record<string, string> = {
  one: "1",
  two: "2",
  three: "3",
  four: "4",
  five: "5",
  six: "6",
  seven: "7",
  eight: "8",
  nine: "9",
  ten: "10",
  twee: "2",
  drie: "3",
  vier: "4",
  // Roman numerals, but not i, v, x: those are words and film titles of their own ("X").
  ii: "2",
  iii: "3",
  iv: "4",
  vi: "6",
  vii: "7",
  viii: "8",
  ix: "9",
};
const SEQUEL_WORDS = new Set([
  "part",
  "deel",
  "chapter",
  "hoofdstuk",
  "vol",
  "volume",
  "episode",
  "episodio",
]);
const ARTICLES = new Set([
  "the",
  "a",
  "an",
  "de",
  "het",
  "le",
  "la",
  "les",
  "l",
  "der",
  "die",
  "das",
  "el",
  "il",
]);

/** "the lord of the rings part two" → "lord of the rings 2" */
export function canonicalTitle(normalized: string): string {
  const words = normalized
    .split(" ")
    .filter(Boolean)
    .map((word) => NUMBER_WORDS[word] ?? word);
  const kept = words.filter(
    (word, i) =>
      !(SEQUEL_WORDS.has(word) && /^\d+$/.test(words[i + 1] ?? "")) &&
      !(i === 0 && ARTICLES.has(word) && words.length > 1),
  );
  return kept.join(" ");
}

/** The canonical title without spaces: "spider man" and "spiderman" agree. */
export function compactTitle(normalized: string): string {
  return canonicalTitle(normalized).replace(/ /g, "");
}

/** The numbers in a title, in order: sequels differ here ("inside out 2" vs "inside out"). */
export function titleNumbers(canonical: string): string {
  return canonical
    .split(" ")
    .filter((word) => /^\d+$/.test(word))
    .join(" ");
}

function trigrams(text: string): Set<string> {
  const set = new Set<string>();
  for (const word of text.split(/[^\p{L}\p{N}]+/u)) {
    if (!word) continue;
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) set.add(padded.slice(i, i + 3));
  }
  return set;
}

/** pg_trgm's similarity(): shared trigrams over all trigrams of both. */
export function trigramSimilarity(a: string, b: string): number {
  const x = trigrams(a);
  const y = trigrams(b);
  if (x.size === 0 || y.size === 0) return 0;
  let shared = 0;
  for (const t of x) if (y.has(t)) shared++;
  return shared / (x.size + y.size - shared);
}
