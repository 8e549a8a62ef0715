// The widget's languages: a page's or embedder's BCP 47 tag matched to one of the 53 locales (English
// otherwise), each locale's texts fetched once from beside the script, and English whenever a text or a
// whole locale file is missing.
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { LOCALES } from "../../core/i18n/locales.ts";

// What the build puts in (vite.config.ts): English's texts and the hash in the locale files' names.
const ENGLISH = {
  "widget.title": "Showtimes",
  "widget.empty": "No showtimes on this day.",
  "widget.panel.book": "Book at {cinema}",
  "widget.panel.seatsOf": "{available} of {total} available",
};
vi.stubGlobal("__REELTIME_EN__", ENGLISH);
vi.stubGlobal("__REELTIME_MESSAGES_HASH__", "0a1b2c3d4e");
const {
  apiLocale,
  direction,
  formatTag,
  hasMessages,
  languageTag,
  loadMessages,
  messagesFile,
  pickLocale,
  translate,
} = await import("./messages.ts");

const SCRIPT = "https://reeltime.example/widget/v1/reeltime.0123456789.js";

/** A fetch answering each URL from `files` (404 for others), counting the calls. */
function fakeFetch(files: Record<string, unknown>) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const fetcher = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, init });
    const body = files[url];
    return Promise.resolve(
      body === undefined
        ? new Response("Not Found", { status: 404 })
        : new Response(typeof body === "string" ? body : JSON.stringify(body), {
            headers: { "Content-Type": "application/json" },
          }),
    );
  };
  return { fetcher: fetcher as typeof fetch, calls };
}

const fileUrl = (locale: Parameters<typeof messagesFile>[0]) =>
  new URL(messagesFile(locale), SCRIPT).toString();

describe("the widget's locale", () => {
  it.each([
    ["de", "de"],
    ["de-CH", "de_ch"],
    ["de_ch", "de_ch"],
    ["de-AT", "de"],
    ["DE-at", "de"],
    ["pt-BR", "pt_br"],
    ["pt_BR", "pt_br"],
    ["pt", "pt"],
    ["pt-PT", "pt"],
    ["zh-TW", "zh_tw"],
    ["zh-Hant", "zh_tw"],
    ["zh-Hant-HK", "zh_tw"],
    ["zh", "zh_cn"],
    ["zh-CN", "zh_cn"],
    ["zh-Hans", "zh_cn"],
    ["zh-Hans-CN", "zh_cn"],
    ["nb", "nb_no"],
    ["no", "nb_no"],
    ["nb-NO", "nb_no"],
    ["fa", "fa_ir"],
    ["fa-IR", "fa_ir"],
    ["ug", "ug_cn"],
    ["ug-CN", "ug_cn"],
    ["tg", "tj"],
    ["tg-TJ", "tj"],
    ["ckb", "ckb"],
    ["ckb-IQ", "ckb"],
    ["ar-EG", "ar"],
    ["he-IL", "he"],
    ["nl-BE", "nl"],
    ["en-GB", "en"],
    [" ja ", "ja"],
  ])("reads %j as %s", (asked, locale) => {
    expect(pickLocale(asked)).toBe(locale);
  });

  it.each([[""], ["   "], [null], [undefined], ["sw"], ["x-klingon"], ["und"], ["-"]])(
    "speaks English when %j names no locale of ours",
    (asked) => {
      expect(pickLocale(asked)).toBe("en");
    },
  );

  it("knows every interface locale by its own code", () => {
    for (const locale of LOCALES) expect(pickLocale(locale)).toBe(locale);
  });

  it("writes right to left for Arabic, Hebrew, Persian, Urdu, Sorani and Uyghur only", () => {
    expect(LOCALES.filter((locale) => direction(locale) === "rtl").sort()).toEqual(
      ["ar", "ckb", "fa_ir", "he", "ug_cn", "ur"].sort(),
    );
  });

  it("gives `lang` and Intl a BCP 47 tag", () => {
    expect(languageTag("pt_br")).toBe("pt-BR");
    expect(languageTag("zh_tw")).toBe("zh-TW");
    expect(languageTag("tj")).toBe("tg");
    expect(languageTag("de")).toBe("de");
  });

  it("asks the API for English or Dutch titles, the languages it has", () => {
    expect(apiLocale("nl")).toBe("nl");
    expect(apiLocale("en")).toBe("en");
    expect(apiLocale("de_ch")).toBe("en");
    expect(apiLocale("ar")).toBe("en");
  });
});

describe("the widget's texts", () => {
  beforeEach(() => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
  });

  it("has English at once, filling in values", () => {
    expect(hasMessages("en")).toBe(true);
    expect(translate("en", "widget.panel.book", { cinema: "Kriterion" })).toBe("Book at Kriterion");
    expect(translate("en", "widget.panel.seatsOf", { available: 3, total: 120 })).toBe("3 of 120 available");
  });

  it("fetches another locale's file once, beside the script and without credentials, then speaks it", async () => {
    const { fetcher, calls } = fakeFetch({
      [fileUrl("de")]: { "widget.title": "Vorstellungen", "widget.panel.book": "Buchen bei {cinema}" },
    });
    expect(hasMessages("de")).toBe(false);
    const [first, second] = await Promise.all([
      loadMessages("de", SCRIPT, fetcher),
      loadMessages("de", SCRIPT, fetcher),
    ]);
    expect([first, second]).toEqual(["de", "de"]);
    expect(await loadMessages("de", SCRIPT, fetcher)).toBe("de");
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe("https://reeltime.example/widget/v1/reeltime.de.0a1b2c3d4e.json");
    expect(calls[0]?.init?.credentials).toBe("omit");
    expect(hasMessages("de")).toBe(true);
    expect(translate("de", "widget.title")).toBe("Vorstellungen");
    expect(translate("de", "widget.panel.book", { cinema: "Kino" })).toBe("Buchen bei Kino");
  });

  it("shows English for a text the locale's file lacks, and the key for a text nobody has", async () => {
    const { fetcher } = fakeFetch({ [fileUrl("fr")]: { "widget.title": "Séances" } });
    expect(await loadMessages("fr", SCRIPT, fetcher)).toBe("fr");
    expect(translate("fr", "widget.title")).toBe("Séances");
    expect(translate("fr", "widget.empty")).toBe("No showtimes on this day.");
    expect(translate("fr", "widget.nowhere")).toBe("widget.nowhere");
  });

  it("falls back to English when the file cannot be had (missing, not JSON, not texts, network), once", async () => {
    const { fetcher, calls } = fakeFetch({ [fileUrl("ja")]: "<html>", [fileUrl("ko")]: ["a list"] });
    const offline = (() => Promise.reject(new TypeError("Failed to fetch"))) as typeof fetch;
    expect(await loadMessages("ar", SCRIPT, fetcher)).toBe("en");
    expect(await loadMessages("ja", SCRIPT, fetcher)).toBe("en");
    expect(await loadMessages("ko", SCRIPT, fetcher)).toBe("en");
    expect(await loadMessages("he", SCRIPT, offline)).toBe("en");
    expect(console.warn).toHaveBeenCalledWith(
      'Reeltime widget: the texts for "ar" could not be loaded; it shows English.',
      "HTTP 404",
    );
    // Not asked again on the same page: every widget in that locale shows English at once.
    expect(await loadMessages("ar", SCRIPT, fetcher)).toBe("en");
    expect(calls.filter((call) => call.url === fileUrl("ar"))).toHaveLength(1);
    expect(hasMessages("ar")).toBe(false);
    expect(translate("ar", "widget.title")).toBe("Showtimes");
  });
});

describe("the locales' widget texts", () => {
  const widgetTexts = (locale: string) =>
    Object.entries(
      JSON.parse(
        readFileSync(path.resolve(import.meta.dirname, `../../locales/${locale}.json`), "utf8"),
      ) as Record<string, string>,
    ).filter(([key]) => key.startsWith("widget."));

  it("are in every locale, with English's keys and placeholders and nothing the widget cannot fill in", () => {
    const english = widgetTexts("en");
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
    for (const locale of LOCALES) {
      const texts = new Map(widgetTexts(locale));
      expect([...texts.keys()], locale).toEqual(english.map(([key]) => key));
      for (const [key, text] of english) {
        const translated = texts.get(key) ?? "";
        expect(translated.trim(), `${locale} ${key}`).not.toBe("");
        expect(placeholders(translated), `${locale} ${key}`).toEqual(placeholders(text));
        expect(translated.replace(/\{\w+\}/g, ""), `${locale} ${key}`).not.toMatch(/[{}]/);
      }
    }
  });
});

describe("the widget's clock", () => {
  it("takes the region of the asked tag, else the visitor's own for that language, else the locale's", () => {
    expect(formatTag("en-GB", "en", ["en-US"])).toBe("en-GB");
    expect(formatTag("en-US", "en", ["en-GB"])).toBe("en-US");
    expect(formatTag("en", "en", ["nl-NL", "en-GB"])).toBe("en-GB");
    expect(formatTag("en", "en", ["nl-NL", "en"])).toBe("en");
    expect(formatTag(undefined, "nl", [])).toBe("nl");
    expect(formatTag("nl_BE", "nl", [])).toBe("nl-BE");
    expect(formatTag("en-US-u-hc-h23", "en", [])).toBe("en-US-u-hc-h23");
    // A region of another locale of the language is not this one's ("zh-CN" is not zh_tw).
    expect(formatTag("zh-Hant", "zh_tw", ["zh-CN"])).toBe("zh-TW");
    // The asked tag fell back to English (its texts could not be had): not its region then.
    expect(formatTag("de-AT", "en", [])).toBe("en");
    expect(formatTag("not a tag!", "en", [])).toBe("en");
  });
});
