import { LOCALES, toLanguageTag, type Locale } from "./locales.ts";

export type LocaleOption = { value: Locale; tag: string; label: string };

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
    let label: string = locale;
    try {
      const name = new Intl.DisplayNames([tag], { type: "language" }).of(tag) ?? locale;
      label = name.charAt(0).toLocaleUpperCase(tag) + name.slice(1);
    } catch {
      // an unknown tag keeps its code
    }
    return { value: locale, tag, label };
  });
  return cached;
}
