import { describe, expect, it } from "vitest";
import { LOCALES, PUBLIC_LOCALES } from "../../core/i18n/locales.ts";
import {
  alternatesOf,
  localeFromQuery,
  publicPageLinks,
  publicUrl,
  withoutLangParam,
} from "./public-urls.ts";

const BASE = "https://reeltime.example";
const root = { id: "root", loaderData: { baseUrl: `${BASE}/` } };

describe("localeFromQuery", () => {
  it("takes ?lang= only when the path offers that locale", () => {
    expect(localeFromQuery(new URL(`${BASE}/?lang=nl`), PUBLIC_LOCALES)).toBe("nl");
    expect(localeFromQuery(new URL(`${BASE}/?lang=de`), PUBLIC_LOCALES)).toBeUndefined();
    expect(localeFromQuery(new URL(`${BASE}/studio?lang=de`), LOCALES)).toBe("de");
    expect(localeFromQuery(new URL(`${BASE}/?lang=NL-be`), PUBLIC_LOCALES)).toBeUndefined();
    expect(localeFromQuery(new URL(`${BASE}/`), PUBLIC_LOCALES)).toBeUndefined();
  });
});

describe("withoutLangParam", () => {
  it("drops ?lang= and keeps the rest", () => {
    expect(withoutLangParam("/?city=Paris&lang=nl&date=2025-01-01")).toBe("/?city=Paris&date=2025-01-01");
    expect(withoutLangParam("/cookieverklaring?lang=en")).toBe("/cookieverklaring");
    expect(withoutLangParam("/?city=Den%20Haag")).toBe("/?city=Den%20Haag");
  });
});

describe("publicUrl and alternatesOf", () => {
  it("makes absolute URLs, one per language and a neutral x-default", () => {
    expect(publicUrl(`${BASE}/`, "/?city=Paris", "nl")).toBe(`${BASE}/?city=Paris&lang=nl`);
    expect(alternatesOf(BASE, "/cookieverklaring")).toEqual([
      { hreflang: "en", href: `${BASE}/cookieverklaring?lang=en` },
      { hreflang: "nl", href: `${BASE}/cookieverklaring?lang=nl` },
      { hreflang: "x-default", href: `${BASE}/cookieverklaring` },
    ]);
  });
});

describe("publicPageLinks", () => {
  it("points the canonical at the page in the language the URL asked for, with every alternate", () => {
    const links = publicPageLinks([root], { search: "?city=Paris&date=2030-01-01&lang=nl" }, "/?city=Paris");
    expect(links[0]).toEqual({ tagName: "link", rel: "canonical", href: `${BASE}/?city=Paris&lang=nl` });
    expect(links.slice(1).map((l) => ("hrefLang" in l ? l.hrefLang : null))).toEqual([
      "en",
      "nl",
      "x-default",
    ]);
  });

  it("is language-neutral without ?lang= (or with one the site does not offer)", () => {
    const [canonical] = publicPageLinks([root], { search: "?lang=de" }, "/");
    expect(canonical).toEqual({ tagName: "link", rel: "canonical", href: `${BASE}/` });
  });

  it("gives nothing when the root data is missing (an error page)", () => {
    expect(publicPageLinks([], { search: "" }, "/")).toEqual([]);
  });
});
