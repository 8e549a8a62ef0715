// Finding a language in the pickers by what people type: its own name ("Deut", "العربية"), its English
// name ("ger", "arab"), the name in the interface's language ("Duits" in Dutch) or a code ("de", "pt-BR",
// "deu", "zh-Hant"). Pure: the picker runs it in the browser on every key.
import type { LocaleOption } from "./locale-names.ts";
import { matchLocale, type Locale } from "./locales.ts";

/** What the search reads of an option. */
export type SearchableLocale = Pick<LocaleOption, "value" | "tag" | "label" | "english">;

/** Lower case, no accents or apostrophes, "-" as "_": "Português" → "portugues", "O‘zbek" → "ozbek". */
export function foldForSearch(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .replace(/['‘’ʻʼ]/gu, "")
    .normalize("NFC")
    .replace(/-/g, "_")
    .trim();
}

/**
 * The locale a typed code stands for: one of ours or a tag ("pt-BR", "zh-Hant", "iw"), also as ISO 639-2
 * ("deu", "ger", "jpn", which Intl canonicalises to "de", "ja").
 */
function localeOfCode(query: string): Locale | undefined {
  const direct = matchLocale(query);
  if (direct) return direct;
  try {
    const [canonical] = Intl.getCanonicalLocales(query.replace(/_/g, "-"));
    return canonical ? matchLocale(canonical) : undefined;
  } catch {
    return undefined; // not a language tag ("arab", "Deut")
  }
}

const WORD_BREAK = /[\s()（）,，、/]+/u;

/**
 * How well `option` matches the folded query, lower is better: 0 its code, 1 a name or code that starts
 * with it, 2 a word of a name that does, 3 a name that contains it; undefined when nothing does.
 */
function rank(option: SearchableLocale, names: string[], query: string, code: Locale | undefined) {
  if (code === option.value) return 0;
  const codes = [option.value, foldForSearch(option.tag)];
  if (names.some((name) => name.startsWith(query)) || codes.some((c) => c.startsWith(query))) return 1;
  if (names.some((name) => name.split(WORD_BREAK).some((word) => word.startsWith(query)))) return 2;
  if (names.some((name) => name.includes(query))) return 3;
  return undefined;
}

/**
 * The options matching `query`, best first (the list's order within a rank); every option for an empty
 * query. `nameIn`, when given, adds each language's name in another language to what is matched
 * (the interface's: a Dutch user types "Duits"); a name it cannot give is skipped.
 */
export function searchLocales<T extends SearchableLocale>(
  options: readonly T[],
  query: string,
  nameIn?: (option: T) => string | undefined,
): T[] {
  const folded = foldForSearch(query);
  if (!folded) return [...options];
  const code = localeOfCode(query.trim());
  const ranked: { option: T; rank: number; index: number }[] = [];
  options.forEach((option, index) => {
    const names = [option.label, option.english, nameIn?.(option)]
      .filter((name): name is string => Boolean(name))
      .map(foldForSearch);
    const found = rank(option, names, folded, code);
    if (found !== undefined) ranked.push({ option, rank: found, index });
  });
  return ranked.sort((a, b) => a.rank - b.rank || a.index - b.index).map((entry) => entry.option);
}

/**
 * Names of languages in the language `tag` from the running environment's Intl (browsers lack a few;
 * those give undefined rather than a code).
 */
export function languageNamesIn(tag: string): (option: SearchableLocale) => string | undefined {
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([tag], { type: "language", fallback: "none" });
  } catch {
    names = undefined;
  }
  return (option) => {
    try {
      return names?.of(option.tag);
    } catch {
      return undefined;
    }
  };
}
