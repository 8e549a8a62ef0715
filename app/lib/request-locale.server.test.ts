// The request's locale (issue #22, SPEC §4): ?lang= → cookie → Accept-Language → English, among the
// locales its path offers (the public site: English and Dutch; the studio and its sign-in pages: all).
import { describe, expect, it } from "vitest";
import { LOCALES, type Locale } from "../../core/i18n/locales.ts";
import { requestLocale } from "./request-locale.server.ts";

function request(path: string, headers: { cookie?: string; acceptLanguage?: string } = {}) {
  const all = new Headers();
  if (headers.cookie) all.set("cookie", headers.cookie);
  if (headers.acceptLanguage) all.set("accept-language", headers.acceptLanguage);
  return new Request(`http://localhost${path}`, { headers: all });
}

const STUDIO = "/studio/user/login";

describe("requestLocale in the studio", () => {
  it.each([
    ["de-AT,de;q=0.9", "de"],
    ["de-CH", "de_ch"],
    ["pt-BR", "pt_br"],
    ["pt-PT,pt;q=0.9", "pt"],
    ["zh-Hant", "zh_tw"],
    ["zh-Hant-HK", "zh_tw"],
    ["zh-CN,zh;q=0.9", "zh_cn"],
    ["ar-EG,ar;q=0.9,en;q=0.5", "ar"],
    ["fa", "fa_ir"],
    ["nb", "nb_no"],
    ["tg", "tj"],
    ["xx-XX, tlh;q=0.9, ja;q=0.5", "ja"],
    ["fr;q=0.4, sv", "sv"],
    ["xx-XX", "en"],
    ["*", "en"],
  ])("Accept-Language %j → %s", (acceptLanguage, expected) => {
    expect(requestLocale(request(STUDIO, { acceptLanguage }))).toBe(expected);
  });

  it("is English with neither a cookie nor a browser language", () => {
    expect(requestLocale(request(STUDIO))).toBe("en");
    expect(requestLocale(request("/studio"))).toBe("en");
  });

  it("prefers the cookie to the browser language", () => {
    expect(
      requestLocale(request(STUDIO, { cookie: "reeltime-locale=ja", acceptLanguage: "de-AT,de;q=0.9" })),
    ).toBe("ja");
    expect(requestLocale(request("/studio", { cookie: "other=1; reeltime-locale=pt_br" }))).toBe("pt_br");
  });

  it("passes over a cookie naming an unknown or unfinished locale, to the browser language", () => {
    expect(requestLocale(request(STUDIO, { cookie: "reeltime-locale=xx", acceptLanguage: "nl" }))).toBe("nl");
    const offered: Locale[] = ["en", "nl", "de"];
    expect(
      requestLocale(
        request(STUDIO, { cookie: "reeltime-locale=ja", acceptLanguage: "ar, de;q=0.5" }),
        offered,
      ),
    ).toBe("de");
    expect(requestLocale(request(STUDIO, { acceptLanguage: "ja" }), offered)).toBe("en");
  });

  it("offers every locale", () => {
    for (const locale of LOCALES) {
      expect(requestLocale(request(STUDIO, { cookie: `reeltime-locale=${locale}` }))).toBe(locale);
    }
  });
});

describe("requestLocale on the public site", () => {
  it("offers English and Dutch only", () => {
    expect(requestLocale(request("/", { acceptLanguage: "de-AT,de;q=0.9" }))).toBe("en");
    expect(requestLocale(request("/", { acceptLanguage: "de-AT, nl;q=0.5" }))).toBe("nl");
    expect(requestLocale(request("/", { cookie: "reeltime-locale=ar", acceptLanguage: "nl" }))).toBe("nl");
  });

  it("lets ?lang= outvote the cookie", () => {
    expect(requestLocale(request("/?lang=nl", { cookie: "reeltime-locale=en" }))).toBe("nl");
  });
});
