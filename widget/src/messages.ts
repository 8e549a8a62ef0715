// The widget's texts: the `widget.*` keys of locales/*.json, in every interface locale. English is in the
// script (vite.config.ts puts it in at build time); every other locale's texts are a small JSON file the
// build writes beside the script, reeltime.<locale>.<hash>.json (the hash of all locales' widget texts,
// named in manifest.json), fetched once per page when a widget asks for that locale. A locale whose file
// cannot be had shows English.
import {
  type Locale,
  matchLocale,
  isMessageRecord,
  PUBLIC_LOCALES,
  textDirection,
  toLanguageTag,
} from "../../core/i18n/locales.ts";

declare const __REELTIME_EN__: Messages;
declare const __REELTIME_MESSAGES_HASH__: string;

export type WidgetLocale = Locale;
export type Messages = Record<string, string>;

// Unit tests run the source without the build's substitution: no English texts, keys stand for texts.
const catalogues = new Map<Locale, Messages>([
  ["en", typeof __REELTIME_EN__ === "undefined" ? {} : __REELTIME_EN__],
]);
const HASH = typeof __REELTIME_MESSAGES_HASH__ === "undefined" ? "0000000000" : __REELTIME_MESSAGES_HASH__;
const loading = new Map<Locale, Promise<Locale>>();

/**
 * The locale asked for (`data-locale`, else the `lang` of the element or the page): a BCP 47 tag or one
 * of our codes, any case, "-" or "_" ("de-AT" → de, "pt-BR" → pt_br, "zh-Hant" → zh_tw, "nb" → nb_no);
 * English when we have no such locale.
 */
export function pickLocale(asked: string | null | undefined): Locale {
  return (asked ? matchLocale(asked) : undefined) ?? "en";
}

/** The locale as a BCP 47 tag, for `lang` and Intl ("pt_br" → "pt-BR", "tj" → "tg"). */
export const languageTag: (locale: Locale) => string = toLanguageTag;

/**
 * The BCP 47 tag that writes the widget's times, days and prices: the asked tag when it is of the widget's
 * locale and names a region ("en-GB": 13:05, "en-US": 1:05 PM, "en-US-u-hc-h23" as it says), else the
 * visitor's own first preference of that locale (a page in "en" read in an en-GB browser), else the
 * locale's (Intl's default clock for it: 24 hours for nl and de, 12 for en).
 */
export function formatTag(asked: string | undefined, locale: Locale, preferred: readonly string[]): string {
  for (const candidate of [asked, ...preferred]) {
    if (!candidate || pickLocale(candidate) !== locale) continue;
    try {
      const tag = new Intl.Locale(candidate.replace(/_/g, "-"));
      if (tag.region) return tag.toString();
    } catch {
      // not a tag Intl knows: the next one
    }
  }
  return languageTag(locale);
}

/** "rtl" for Arabic, Hebrew, Persian, Urdu, Sorani and Uyghur; else "ltr". */
export const direction: (locale: Locale) => "rtl" | "ltr" = textDirection;

/** The content language the API answers in (titles): English and Dutch, like the public site. */
export function apiLocale(locale: Locale): string {
  return (PUBLIC_LOCALES as readonly Locale[]).includes(locale) ? locale : "en";
}

/** The file of a locale's texts, beside the script. */
export function messagesFile(locale: Locale): string {
  return `reeltime.${locale}.${HASH}.json`;
}

/** The locale's texts are here (English always is): the widget can show them at once. */
export function hasMessages(locale: Locale): boolean {
  return catalogues.has(locale);
}

/**
 * Fetches the locale's texts from `base` (the script's URL) once per page — widgets asking for the same
 * locale share the request — and resolves to the locale the widget then speaks: `locale`, or "en" when its
 * file could not be had (a console warning says why). Never rejects.
 */
export function loadMessages(
  locale: Locale,
  base: string | URL,
  fetcher: typeof fetch = fetch,
): Promise<Locale> {
  if (catalogues.has(locale)) return Promise.resolve(locale);
  let promise = loading.get(locale);
  if (!promise) {
    promise = (async () => {
      try {
        const response = await fetcher(new URL(messagesFile(locale), base), { credentials: "omit" });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const messages: unknown = await response.json();
        if (!isMessageRecord(messages)) throw new Error("not a catalogue of texts");
        catalogues.set(locale, messages);
        return locale;
      } catch (error) {
        console.warn(
          `Reeltime widget: the texts for "${locale}" could not be loaded; it shows English.`,
          error instanceof Error ? error.message : error,
        );
        return "en";
      }
    })();
    loading.set(locale, promise);
  }
  return promise;
}

/** A text of the locale's catalogue (else English's, else the key) with its `{name}` values filled in. */
export function translate(locale: Locale, key: string, values: Record<string, string | number> = {}) {
  const text = catalogues.get(locale)?.[key] ?? catalogues.get("en")?.[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
}
