// Every locale file is finished (issue #22, locales/catalogue-checks.ts): exactly en.json's keys, valid
// ICU with English's arguments and select options, the plural categories its language needs, at most 5%
// of multi-word messages identical to English or (for languages with a script of their own) without that
// script. Failures name the file and the keys. `node scripts/i18n-check.ts <locale>` prints the same.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { isLocale, LOCALES, PUBLIC_LOCALES, type Locale } from "../core/i18n/locales.ts";
import { catalogueProblems, checkCatalogue, type Messages } from "./catalogue-checks.ts";

const dir = path.dirname(fileURLToPath(import.meta.url));
const files = readdirSync(dir)
  .filter((f) => f.endsWith(".json"))
  .sort();
const read = (file: string): unknown => JSON.parse(readFileSync(path.join(dir, file), "utf8"));
const english = read("en.json") as Messages;

describe("the checks themselves", () => {
  const en = { a: "Show {count, plural, one {# film} other {# films}} at {cinema}", b: "Two words here" };

  it("finds missing and extra keys, changed arguments and wrong plural categories", () => {
    const report = checkCatalogue(
      "ru",
      { a: "Показать {count, plural, one {# фильм} other {# фильмов}} в {place}", c: "лишний" },
      en,
    );
    expect(report.missing).toEqual(["b"]);
    expect(report.extra).toEqual(["c"]);
    expect(report.invalid.join("\n")).toMatch(/a: arguments/);
    expect(report.invalid.join("\n")).toMatch(/lacking \[few, many\]/);
  });

  it("refuses categories a language does not have, and broken ICU", () => {
    const japanese = checkCatalogue(
      "ja",
      { a: "{count, plural, one {#本} other {#本}} {cinema}", b: "二つ" },
      en,
    );
    expect(japanese.invalid.join("\n")).toMatch(/not in this language \[one\]/);
    const broken = checkCatalogue(
      "fr",
      { a: "l'{count, plural, one {#} many {#} other {#}} {cinema}", b: "x y" },
      en,
    );
    expect(broken.invalid.join("\n")).toMatch(/a: /);
  });

  it("counts English copies and text without the language's script", () => {
    const report = checkCatalogue(
      "ar",
      {
        a: "عرض {count, plural, zero {#} one {#} two {#} few {#} many {#} other {#}} في {cinema}",
        b: "Two words here",
      },
      en,
    );
    expect(report.identical).toEqual(["b"]);
    expect(report.wrongScript).toEqual(["b"]);
    expect(catalogueProblems(report).join("\n")).toMatch(/identical to English/);
  });
});

describe("locales/", () => {
  it("names every file after a SPEC.md §9 locale code", () => {
    expect(files.filter((f) => !isLocale(f.slice(0, -".json".length)))).toEqual([]);
  });

  it("has a file for every language the public pages offer", () => {
    expect(PUBLIC_LOCALES.filter((locale) => !files.includes(`${locale}.json`))).toEqual([]);
  });

  describe.each(files.map((file) => file.slice(0, -".json".length) as Locale))("%s", (locale) => {
    it("is finished: keys, ICU, plurals, translated", () => {
      const messages = read(`${locale}.json`) as Messages;
      expect(typeof messages === "object" && messages !== null && !Array.isArray(messages)).toBe(true);
      expect({ locale, problems: catalogueProblems(checkCatalogue(locale, messages, english)) }).toEqual({
        locale,
        problems: [],
      });
    });
  });

  it("covers every locale of SPEC.md §9", () => {
    expect(LOCALES.filter((locale) => !files.includes(`${locale}.json`))).toEqual([]);
  });
});
