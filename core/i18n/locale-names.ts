import { LOCALES, textDirection, toLanguageTag, type Locale } from "./locales.ts";

/**
 * A language as the pickers show it: `label` is its own name ("Deutsch"), written in `dir`; `english`
 * its English name ("German"), which the search matches too.
 */
export type LocaleOption = { value: Locale; tag: string; label: string; english: string; dir: "ltr" | "rtl" };

let cached: LocaleOption[] | undefined;

/**
 * Every locale (or those in `only`: the interface pickers pass MessageCatalog.offered) by its own name
 * ("Deutsch", "日本語"), so everyone finds theirs. Named on the server (full ICU data) and sent with the
 * page: browsers lack names for some of our locales, and two different texts would break hydration.
 */
export function localeOptions(only?: readonly Locale[]): LocaleOption[] {
  const all = namedLocales();
  return only ? all.filter((option) => only.includes(option.value)) : all;
}

function namedLocales(): LocaleOption[] {
  cached ??= LOCALES.map((locale) => {
    const tag = toLanguageTag(locale);
    const label = displayName(tag, tag) ?? locale;
    const english = displayName("en", tag) ?? label;
    return { value: locale, tag, label, english, dir: textDirection(locale) };
  });
  return cached;
}

/**
 * `tag`'s name in `inLanguage`, capitalised as a sentence starts there (not in Georgian, whose capitals,
 * Mtavruli, do not start sentences: "ქართული"); undefined when ICU has none.
 */
function displayName(inLanguage: string, tag: string): string | undefined {
  try {
    const name = new Intl.DisplayNames([inLanguage], { type: "language", fallback: "none" }).of(tag);
    if (!name) return undefined;
    return inLanguage === "ka" ? name : name.charAt(0).toLocaleUpperCase(inLanguage) + name.slice(1);
  } catch {
    // an unknown tag keeps its code
    return undefined;
  }
}
