import { describe, expect, it } from "vitest";
import {
  allowedLocalesForPath,
  DEFAULT_LOCALE,
  isLocale,
  LOCALE_COOKIE_MAX_AGE_SECONDS,
  LOCALES,
  matchLocale,
  parseAcceptLanguage,
  PUBLIC_LOCALES,
  resolveLocale,
  textDirection,
  toLanguageTag,
} from "./locales.ts";

// The product supports exactly these 53 interface locale codes.
const SPEC_LOCALES = [
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
];
const RTL = ["ar", "fa_ir", "he", "ur", "ckb", "ug_cn"];

describe("LOCALES", () => {
  it("is exactly the product's list of locale codes", () => {
    expect(SPEC_LOCALES).toHaveLength(53);
    expect([...LOCALES].sort()).toEqual([...SPEC_LOCALES].sort());
    expect(new Set(LOCALES).size).toBe(LOCALES.length);
  });

  it("recognises every SPEC code and nothing else", () => {
    for (const code of SPEC_LOCALES) expect(isLocale(code), code).toBe(true);
    for (const code of ["xx", "EN", "pt-br", "en_us", "", "zh"]) expect(isLocale(code), code).toBe(false);
  });

  it("defaults to en; the public site offers en and nl only", () => {
    expect(DEFAULT_LOCALE).toBe("en");
    expect([...PUBLIC_LOCALES].sort()).toEqual(["en", "nl"]);
  });

  it("remembers the locale for 365 days", () => {
    expect(LOCALE_COOKIE_MAX_AGE_SECONDS).toBe(365 * 24 * 60 * 60);
  });
});

describe("textDirection", () => {
  it("is rtl for ar, fa_ir, he, ur, ckb, ug_cn and only those", () => {
    const rtl = LOCALES.filter((l) => textDirection(l) === "rtl");
    expect([...rtl].sort()).toEqual([...RTL].sort());
    expect(textDirection("en")).toBe("ltr");
    expect(textDirection("nl")).toBe("ltr");
  });
});

describe("matchLocale", () => {
  it.each([
    ["en", "en"],
    ["EN-us", "en"],
    ["nl-BE", "nl"],
    ["nl_NL", "nl"],
    ["pt-BR", "pt_br"],
    ["pt_br", "pt_br"],
    ["pt-PT", "pt"],
    ["de-CH", "de_ch"],
    ["de-AT", "de"],
    ["zh-Hant-TW", "zh_tw"],
    ["zh-Hant", "zh_tw"],
    ["zh-TW", "zh_tw"],
    ["zh-Hans-CN", "zh_cn"],
    ["zh", "zh_cn"],
    ["fa-IR", "fa_ir"],
    ["fa", "fa_ir"],
    ["nb", "nb_no"],
    ["nb-NO", "nb_no"],
    ["no", "nb_no"],
    ["ug", "ug_cn"],
    ["ckb-IQ", "ckb"],
    [" sv ", "sv"],
  ])("%s → %s", (tag, expected) => {
    expect(matchLocale(tag)).toBe(expected);
  });

  it.each(["", "xx", "klingon", "-", "*"])("%j matches nothing", (tag) => {
    expect(matchLocale(tag)).toBeUndefined();
  });
});

describe("parseAcceptLanguage", () => {
  it("orders by q-value, ties in header order, and drops q=0 and *", () => {
    expect(parseAcceptLanguage("fr;q=0.5, de-CH, nl;q=0.9, en;q=0, *;q=0.1, it")).toEqual([
      "de-CH",
      "it",
      "nl",
      "fr",
    ]);
  });

  it("treats a missing or malformed q as given / unusable", () => {
    expect(parseAcceptLanguage("da;q=abc, sv")).toEqual(["sv"]);
    expect(parseAcceptLanguage("da; q=0.3, sv;q=0.2")).toEqual(["da", "sv"]);
  });

  it("is empty for no header", () => {
    expect(parseAcceptLanguage(undefined)).toEqual([]);
    expect(parseAcceptLanguage(null)).toEqual([]);
    expect(parseAcceptLanguage("")).toEqual([]);
  });
});

describe("resolveLocale", () => {
  it("prefers the cookie, then Accept-Language, then en", () => {
    expect(resolveLocale({ cookie: "de", acceptLanguage: "fr" })).toBe("de");
    expect(resolveLocale({ cookie: null, acceptLanguage: "fr-FR,fr;q=0.9" })).toBe("fr");
    expect(resolveLocale({})).toBe("en");
  });

  it("skips an unknown cookie and unknown header entries", () => {
    expect(resolveLocale({ cookie: "xx", acceptLanguage: "xx, ja;q=0.8" })).toBe("ja");
    expect(resolveLocale({ cookie: "xx", acceptLanguage: "yy" })).toBe("en");
  });

  it("follows q-values", () => {
    expect(resolveLocale({ acceptLanguage: "en;q=0.2, pt-BR;q=0.8, es;q=0.5" })).toBe("pt_br");
  });

  it("accepts aliases from the header and the cookie", () => {
    expect(resolveLocale({ acceptLanguage: "zh-Hant-TW" })).toBe("zh_tw");
    expect(resolveLocale({ acceptLanguage: "fa-IR" })).toBe("fa_ir");
    expect(resolveLocale({ acceptLanguage: "nb" })).toBe("nb_no");
    expect(resolveLocale({ cookie: "pt-BR" })).toBe("pt_br");
  });

  it("on public paths allows only en and nl", () => {
    const allowed = allowedLocalesForPath("/");
    expect(resolveLocale({ cookie: "ar", allowed })).toBe("en");
    expect(resolveLocale({ cookie: "ar", acceptLanguage: "nl-BE", allowed })).toBe("nl");
    expect(resolveLocale({ cookie: "nl", acceptLanguage: "en", allowed })).toBe("nl");
    expect(resolveLocale({ acceptLanguage: "de, fr;q=0.9, nl;q=0.1", allowed })).toBe("nl");
    expect(["en", "nl"]).toContain(resolveLocale({ cookie: "ar", acceptLanguage: "ar", allowed }));
  });

  it("on studio paths allows every locale", () => {
    expect(resolveLocale({ cookie: "ar", allowed: allowedLocalesForPath("/studio") })).toBe("ar");
    expect(resolveLocale({ cookie: "ur", allowed: allowedLocalesForPath("/studio/user/login") })).toBe("ur");
  });
});

describe("allowedLocalesForPath", () => {
  it("offers only the finished locales it is given", () => {
    expect(allowedLocalesForPath("/studio", ["en", "nl"])).toEqual(["en", "nl"]);
    expect(allowedLocalesForPath("/", ["en"])).toEqual(["en"]);
    expect(allowedLocalesForPath("/studio/user/login", [])).toEqual(["en"]);
    const allowed = allowedLocalesForPath("/studio/user/login", ["en", "nl"]);
    expect(resolveLocale({ cookie: "de", acceptLanguage: "fr, nl;q=0.5", allowed })).toBe("nl");
    expect(resolveLocale({ cookie: "ar", allowed })).toBe("en");
  });

  it("limits public pages and opens the studio", () => {
    expect(allowedLocalesForPath("/")).toEqual(PUBLIC_LOCALES);
    expect(allowedLocalesForPath("/cookieverklaring")).toEqual(PUBLIC_LOCALES);
    expect(allowedLocalesForPath("/studioo")).toEqual(PUBLIC_LOCALES);
    expect(allowedLocalesForPath("/studio")).toEqual(LOCALES);
    expect(allowedLocalesForPath("/studio/data/movies")).toEqual(LOCALES);
  });
});

describe("toLanguageTag", () => {
  it.each([
    ["en", "en"],
    ["pt_br", "pt-BR"],
    ["fa_ir", "fa-IR"],
    ["zh_tw", "zh-TW"],
    ["de_ch", "de-CH"],
    ["tj", "tg"],
  ] as const)("%s → %s", (locale, tag) => {
    expect(toLanguageTag(locale)).toBe(tag);
  });

  it("gives a tag Intl accepts for every locale", () => {
    for (const locale of LOCALES) expect(() => new Intl.Locale(toLanguageTag(locale)), locale).not.toThrow();
  });
});
