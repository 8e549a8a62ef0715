import { describe, expect, it } from "vitest";
import { countryName, languageName } from "./display-names.ts";

describe("countryName", () => {
  it("names a country in the reader's language, not the stored English name", () => {
    expect(countryName("nl", "FR", "France")).toBe("Frankrijk");
    expect(countryName("nl", "AL", "Albania")).toBe("Albanië");
    expect(countryName("de", "AL", "Albania")).toBe("Albanien");
    expect(countryName("ja", "nl")).toBe("オランダ");
  });

  it("falls back to the stored name, then the code, where Intl has none", () => {
    expect(countryName("nl", "QQ", "Kwik")).toBe("Kwik");
    expect(countryName("nl", "QQ")).toBe("QQ");
    expect(countryName("nl", "not a code", "Stored")).toBe("Stored");
    expect(countryName("", "FR", "France")).toBe("France");
  });
});

describe("languageName", () => {
  it("names languages and our locale codes in the reader's language", () => {
    expect(languageName("fr", "nl")).toBe("néerlandais");
    expect(languageName("fr", "nl", { capitalised: true })).toBe("Néerlandais");
    expect(languageName("de", "pt_br")).toBe("Portugiesisch (Brasilien)");
    expect(languageName("en", "tj")).toBe("Tajik");
    expect(languageName("ka", "de", { capitalised: true })).toBe("გერმანული");
  });

  it("falls back to the stored name, then the code", () => {
    expect(languageName("nl", "qqq", { stored: "Kwiks" })).toBe("Kwiks");
    expect(languageName("nl", "qqq")).toBe("qqq");
  });
});
