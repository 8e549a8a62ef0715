// The public listing's rules: the first screen, a position near the visitor, the filters, the default city.
import { describe, expect, it } from "vitest";
import {
  attributeNames,
  DEFAULT_CITY,
  filmDefaultCity,
  FILMS_PER_PAGE,
  filmsPage,
  filmsShown,
  filterableAttributes,
  isDefaultCity,
  notBeforeOf,
  parseNear,
  selectedAttributes,
} from "./public-listing.ts";

describe("the listing's first screen", () => {
  it("takes films while their showtimes fit the budget, at most 8, at least one", () => {
    expect(filmsShown(null, [10, 10, 3, 1])).toBe(4);
    expect(filmsShown(null, [10, 10, 5, 1])).toBe(2);
    expect(filmsShown(null, [200, 1])).toBe(1);
    expect(
      filmsShown(
        null,
        Array.from({ length: 20 }, () => 1),
      ),
    ).toBe(8);
    expect(filmsShown(null, [])).toBe(0);
  });

  it("gives what ?films= asks for, within what there is", () => {
    expect(filmsShown("16", [200, 1, 1])).toBe(3);
    expect(filmsShown("2", [200, 1, 1])).toBe(2);
    expect(filmsShown("0", [5, 5, 5, 5])).toBe(4); // not a number of films: the first screen
    expect(filmsShown("abc", [5, 5])).toBe(2);
  });
});

describe("a place near the visitor (?near=)", () => {
  it("reads a position, rounded to four decimals", () => {
    expect(parseNear("52.370216,4.895168")).toEqual({ latitude: 52.3702, longitude: 4.8952 });
    expect(parseNear(" -33.9,151.2 ")).toEqual({ latitude: -33.9, longitude: 151.2 });
  });

  it("refuses anything else", () => {
    for (const value of [null, "", "52.37", "91,4", "52,181", "52.3;4.8", "a,b", "52.3,4.8,1"])
      expect(parseNear(value), String(value)).toBeUndefined();
  });
});

describe("the listing's filters", () => {
  const attributes: { code: string; category: string; names: Record<string, string> }[] = [
    { code: "en", category: "language", names: { en: "English", nl: "Engels" } },
    { code: "nl-sub", category: "subtitles", names: { en: "Dutch subtitles" } },
    { code: "imax", category: "format", names: {} },
    { code: "popcorn", category: "other", names: { en: "Popcorn" } },
  ];

  it("keeps the known codes asked for, each once, at most ten", () => {
    expect(selectedAttributes(["imax", "nope", "imax", "en"], attributes)).toEqual(["imax", "en"]);
    const many = Array.from({ length: 12 }, (_, i) => ({ code: `a${i}`, category: "format", names: {} }));
    expect(
      selectedAttributes(
        many.map((a) => a.code),
        many,
      ),
    ).toHaveLength(10);
  });

  it("offers the listing's categories in use here, and the ones chosen", () => {
    const offered = filterableAttributes(attributes, new Set(["en", "popcorn"]), ["imax"]);
    expect(offered.map((a) => a.code)).toEqual(["en", "imax"]);
  });

  it("names an attribute in the page's language, else English, else its code", () => {
    const names = attributeNames(attributes, "nl");
    expect([names.get("en"), names.get("nl-sub"), names.get("imax")]).toEqual([
      "Engels",
      "Dutch subtitles",
      "imax",
    ]);
  });
});

describe("the public pages' defaults", () => {
  it("drops today's shows a quarter of an hour after they start, to the minute", () => {
    expect(notBeforeOf(new Date("2026-11-22T20:30:45.500Z")).toISOString()).toBe("2026-11-22T20:15:00.000Z");
  });

  it("opens a film's page in the default city when it plays there or nowhere, else where it plays most", () => {
    const paris = { city: "Paris", countryCode: "FR", timeZone: "Europe/Paris" };
    const amsterdam = { ...DEFAULT_CITY };
    expect(filmDefaultCity([])).toBe(DEFAULT_CITY);
    expect(filmDefaultCity([paris, amsterdam])).toBe(DEFAULT_CITY);
    expect(filmDefaultCity([paris])).toBe(paris);
    expect(isDefaultCity({ city: "Amsterdam", countryCode: "US" })).toBe(false);
  });
});

describe("the home page's pages of films (?page=)", () => {
  it("pages every film of the day, six a page, the last page holding the rest", () => {
    expect(FILMS_PER_PAGE).toBe(6);
    expect(filmsPage(null, 37)).toEqual({ page: 1, pages: 7, from: 0, to: 6, total: 37 });
    expect(filmsPage("2", 37)).toEqual({ page: 2, pages: 7, from: 6, to: 12, total: 37 });
    expect(filmsPage("7", 37)).toEqual({ page: 7, pages: 7, from: 36, to: 37, total: 37 });
  });

  it("reads anything else as the first page, and a page past the end as the last", () => {
    for (const asked of ["0", "-1", "abc", "1.5", "", "99999"])
      expect(filmsPage(asked, 37).page, asked).toBe(1);
    expect(filmsPage("9", 37).page).toBe(7);
    expect(filmsPage("3", 0)).toEqual({ page: 1, pages: 1, from: 0, to: 0, total: 0 });
    expect(filmsPage(null, 6)).toEqual({ page: 1, pages: 1, from: 0, to: 6, total: 6 });
  });
});
