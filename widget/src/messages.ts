// The widget's texts: the `widget.*` keys of locales/en.json and nl.json, put in at build time
// (vite.config.ts) so the widget ships two small catalogues and nothing else.
declare const __REELTIME_MESSAGES__: Record<string, Record<string, string>>;

export type WidgetLocale = "en" | "nl";

// Unit tests run the source without the build's substitution: no catalogue, keys stand for texts.
const catalogues = typeof __REELTIME_MESSAGES__ === "undefined" ? {} : __REELTIME_MESSAGES__;

/** The locale asked for (`data-locale`, else the page's `lang`), when the widget has it; else English. */
export function pickLocale(asked: string | null | undefined): WidgetLocale {
  const language = (asked ?? "").toLowerCase().split("-")[0];
  return language === "nl" ? "nl" : "en";
}

/** A text of the catalogue with its `{name}` values filled in. */
export function translate(locale: WidgetLocale, key: string, values: Record<string, string | number> = {}) {
  const text = catalogues[locale]?.[key] ?? catalogues.en?.[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
}
