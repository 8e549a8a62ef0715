import { describe, expect, it } from "vitest";
import { localeOptions } from "./locale-names.ts";
import { foldForSearch, languageNamesIn, searchLocales } from "./locale-search.ts";
import { LOCALES } from "./locales.ts";

const options = localeOptions();
const values = (query: string, nameIn?: Parameters<typeof searchLocales>[2]) =>
  searchLocales(options, query, nameIn).map((option) => option.value);

describe("localeOptions", () => {
  it("names every locale in its own language and in English, with its direction", () => {
    expect(options.map((option) => option.value)).toEqual([...LOCALES]);
    const byValue = new Map(options.map((option) => [option.value, option]));
    expect(byValue.get("de")).toMatchObject({ tag: "de", label: "Deutsch", english: "German", dir: "ltr" });
    expect(byValue.get("ar")).toMatchObject({ label: "العربية", english: "Arabic", dir: "rtl" });
    expect(byValue.get("ja")).toMatchObject({ label: "日本語", english: "Japanese" });
    expect(byValue.get("pt_br")).toMatchObject({ tag: "pt-BR", label: "Português (Brasil)" });
    expect(byValue.get("tj")).toMatchObject({ tag: "tg", english: "Tajik" });
    // Georgian has no sentence capitals: not "Ქართული".
    expect(byValue.get("ka")?.label).toBe("ქართული");
    for (const option of options) {
      expect(option.label, option.value).not.toBe(option.value);
      expect(option.english, option.value).toMatch(/^[A-Z]/);
      expect(option.dir, option.value).toBe(
        ["ar", "fa_ir", "he", "ur", "ckb", "ug_cn"].includes(option.value) ? "rtl" : "ltr",
      );
    }
  });

  it("offers only the locales asked for", () => {
    expect(localeOptions(["nl", "en"]).map((option) => option.value)).toEqual(["en", "nl"]);
  });
});

describe("foldForSearch", () => {
  it("ignores case, accents, apostrophes and - versus _", () => {
    expect(foldForSearch(" Português ")).toBe("portugues");
    expect(foldForSearch("O‘zbek")).toBe("ozbek");
    expect(foldForSearch("pt-BR")).toBe("pt_br");
    expect(foldForSearch("Türkçe")).toBe("turkce");
  });
});

describe("searchLocales", () => {
  it("keeps every language, in order, for an empty query", () => {
    expect(values("")).toEqual([...LOCALES]);
    expect(values("   ")).toEqual([...LOCALES]);
  });

  it.each(["ger", "deu", "Deut", "de", "DE", "german", "deutsch", "de-AT"])(
    "%j finds Deutsch first",
    (query) => {
      expect(values(query)[0]).toBe("de");
    },
  );

  it.each([
    ["arab", "ar"],
    ["العربية", "ar"],
    ["العر", "ar"],
    ["ar", "ar"],
    ["jpn", "ja"],
    ["日本", "ja"],
    ["pt-BR", "pt_br"],
    ["pt_br", "pt_br"],
    ["brazil", "pt_br"],
    ["zh-Hant", "zh_tw"],
    ["taiwan", "zh_tw"],
    ["tg", "tj"],
    ["tajik", "tj"],
    ["iw", "he"],
    ["bokmal", "nb_no"],
    ["kurd", "ckb"],
    ["ozbek", "uz"],
    ["swiss", "de_ch"],
    ["persian", "fa_ir"],
  ])("%j finds %s first", (query, expected) => {
    expect(values(query)[0]).toBe(expected);
  });

  it("ranks the code, then names starting with the text, then words, then the rest", () => {
    const found = values("de");
    expect(found.slice(0, 2)).toEqual(["de", "de_ch"]);
    // "Nederlands" contains "de" but neither starts with it nor is coded so.
    expect(found).toContain("nl");
    expect(found.indexOf("nl")).toBeGreaterThan(1);
    expect(values("en")[0]).toBe("en");
  });

  it("finds nothing for text no language has", () => {
    expect(values("klingon")).toEqual([]);
    expect(values("zzz")).toEqual([]);
  });

  it("also matches the names in the interface's language", () => {
    expect(values("duits")).toEqual([]);
    expect(values("duits", languageNamesIn("nl"))[0]).toBe("de");
    expect(values("allemand", languageNamesIn("fr"))[0]).toBe("de");
    // A tag Intl cannot use adds nothing, and breaks nothing.
    expect(values("ger", languageNamesIn("not a tag"))[0]).toBe("de");
  });
});
