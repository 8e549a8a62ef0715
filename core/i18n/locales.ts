// The locale codes and how a request's locale is chosen. Pure: used by server and browser.

export const LOCALES = [
  "ar",
  "az",
  "bg",
  "bn",
  "ca",
  "ckb",
  "cs",
  "da",
  "de",
  "de_ch",
  "el",
  "en",
  "es",
  "et",
  "fa_ir",
  "fi",
  "fr",
  "he",
  "hi",
  "hu",
  "hy",
  "id",
  "it",
  "ja",
  "ka",
  "kk",
  "km",
  "ko",
  "ky",
  "lb",
  "lt",
  "mn",
  "ms",
  "nb_no",
  "nl",
  "pl",
  "pt",
  "pt_br",
  "ro",
  "ru",
  "sk",
  "sl",
  "sv",
  "th",
  "tj",
  "tr",
  "ug_cn",
  "uk",
  "ur",
  "uz",
  "vi",
  "zh_cn",
  "zh_tw",
] as const;

export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = "en";
/** The public site's content is English and Dutch only. */
export const PUBLIC_LOCALES = ["en", "nl"] as const satisfies readonly Locale[];
export const RTL_LOCALES: ReadonlySet<Locale> = new Set<Locale>(["ar", "fa_ir", "he", "ur", "ckb", "ug_cn"]);

export const LOCALE_COOKIE = "reeltime-locale";
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

const localeSet: ReadonlySet<string> = new Set(LOCALES);

export function isLocale(value: string): value is Locale {
  return localeSet.has(value);
}

/** Other spellings browsers and people use for our codes. */
const ALIASES: Record<string, Locale> = {
  fa: "fa_ir",
  nb: "nb_no",
  no: "nb_no",
  nn: "nb_no",
  ug: "ug_cn",
  zh: "zh_cn",
  zh_hans: "zh_cn",
  zh_sg: "zh_cn",
  zh_hant: "zh_tw",
  zh_hk: "zh_tw",
  zh_mo: "zh_tw",
  tg: "tj",
  iw: "he",
  in: "id",
  ku: "ckb",
};

/** Maps a BCP 47 tag or one of our codes ("nl-BE", "pt_BR", "zh-Hant-TW") to a supported locale. */
export function matchLocale(tag: string): Locale | undefined {
  const parts = tag.trim().toLowerCase().replace(/-/g, "_").split("_").filter(Boolean);
  // Most specific first: "zh_hant_tw" → "zh_hant_tw", "zh_hant", "zh".
  for (let n = parts.length; n > 0; n--) {
    const candidate = parts.slice(0, n).join("_");
    if (isLocale(candidate)) return candidate;
    const alias = ALIASES[candidate];
    if (alias) return alias;
    // "pt_br_x" style tags: try language + last region.
    if (n === parts.length && n > 2) {
      const languageRegion = `${parts[0]}_${parts[n - 1]}`;
      if (isLocale(languageRegion)) return languageRegion;
    }
  }
  return undefined;
}

/** Accept-Language entries, highest quality first. */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(",")
    .map((entry, index) => {
      const [tag = "", ...params] = entry.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((e) => e.tag && e.tag !== "*" && e.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map((e) => e.tag);
}

/**
 * Cookie → Accept-Language → en, restricted to `allowed`
 * (public pages: en and nl; studio and auth pages: all locales).
 */
export function resolveLocale(input: {
  cookie?: string | null;
  acceptLanguage?: string | null;
  allowed?: readonly Locale[];
}): Locale {
  const allowed = input.allowed ?? LOCALES;
  const pick = (tag: string | null | undefined) => {
    if (!tag) return undefined;
    const locale = matchLocale(tag);
    return locale && allowed.includes(locale) ? locale : undefined;
  };
  const fromCookie = pick(input.cookie);
  if (fromCookie) return fromCookie;
  for (const tag of parseAcceptLanguage(input.acceptLanguage)) {
    const fromHeader = pick(tag);
    if (fromHeader) return fromHeader;
  }
  return allowed.includes(DEFAULT_LOCALE) ? DEFAULT_LOCALE : (allowed[0] ?? DEFAULT_LOCALE);
}

export function textDirection(locale: Locale): "rtl" | "ltr" {
  return RTL_LOCALES.has(locale) ? "rtl" : "ltr";
}

/** Our code as a BCP 47 tag for `<html lang>` and Intl: "pt_br" → "pt-BR", "fa_ir" → "fa-IR". */
export function toLanguageTag(locale: Locale): string {
  if (locale === "tj") return "tg";
  const [language = locale, region] = locale.split("_");
  return region ? `${language}-${region.toUpperCase()}` : language;
}

/**
 * Public pages offer only en and nl; every other path (studio, auth) offers every locale in `offered`
 * (the finished ones: MessageCatalog.offered; all of them when not given).
 */
export function allowedLocalesForPath(
  pathname: string,
  offered: readonly Locale[] = LOCALES,
): readonly Locale[] {
  const studio = pathname === "/studio" || pathname.startsWith("/studio/");
  const allowed = (studio ? LOCALES : PUBLIC_LOCALES).filter((locale) => offered.includes(locale));
  return allowed.length > 0 ? allowed : [DEFAULT_LOCALE];
}

/** A catalogue fetched over the network (the studio's, the widget's): an object of texts, nothing else. */
export function isMessageRecord(value: unknown): value is Record<string, string> {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((text) => typeof text === "string")
  );
}
